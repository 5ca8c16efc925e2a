import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { requireEmpresa } from '../common/empresa-lock';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { inSnapshot } from '../common/snapshot';
import { CODE_ORDER } from './opening-sql';
import { EstadoResultados } from './dto/estado-resultados.view';

// $1 empresa, $2 desde, $3 hasta. Amounts by account for the period; `monto` is positive in the
// account's natural side (haber - debe for ingresos, debe - haber for gastos). The section comes
// from the role of the level-2 account the account hangs from.
const DETALLE_SQL = `
  SELECT c.codigo, c.nombre, c.tipo,
         CASE WHEN c.tipo = 'ingreso' AND g.rol IS DISTINCT FROM 'otros_ingresos' THEN 'ingresos_explotacion'
              WHEN c.tipo = 'ingreso' THEN 'otros_ingresos'
              WHEN g.rol = 'compras' THEN 'costo_ventas'
              ELSE 'gastos_operacion' END AS seccion,
         SUM(CASE WHEN c.tipo = 'ingreso' THEN l.haber - l.debe ELSE l.debe - l.haber END) AS monto
    FROM linea_asiento l
    JOIN asiento a ON a.id = l.asiento_id
    JOIN cuenta c ON c.id = l.cuenta_id
    LEFT JOIN cuenta g ON g.empresa_id = c.empresa_id AND g.codigo = split_part(c.codigo, '.', 1) || '.' || split_part(c.codigo, '.', 2)
   WHERE l.empresa_id = $1 AND a.fecha BETWEEN $2 AND $3 AND c.tipo IN ('ingreso', 'gasto')
   GROUP BY c.id, c.codigo, c.nombre, c.tipo, g.rol`;

/**
 * Estado de resultados for a month or a year (movements of the period only): ingresos de
 * explotación - costo de ventas = margen bruto; - gastos de administración y ventas = resultado
 * operacional; + otros ingresos = resultado (before income tax). Aggregated in SQL.
 */
@Injectable()
export class EstadoResultadosReportService {
  constructor(private readonly ds: DataSource) {}

  /** @throws 400 bad periodo; 404 empresa. */
  async build(empresaId: string, periodoText: string): Promise<EstadoResultados> {
    const p = parsePeriodo(periodoText);
    const params = [empresaId, p.desde, p.hasta];
    const [rows, [tot]] = await inSnapshot(this.ds, async (em) => {
      await requireEmpresa(em, empresaId);
      // Sequential on purpose: one connection, one snapshot.
      return [
        await em.query(`SELECT * FROM (${DETALLE_SQL}) d ORDER BY ${CODE_ORDER('d')}`, params),
        await em.query(
          `SELECT ${['ingresos_explotacion', 'costo_ventas', 'gastos_operacion', 'otros_ingresos']
            .map((s) => `COALESCE(SUM(monto) FILTER (WHERE seccion = '${s}'), 0) AS ${s}`)
            .join(', ')} FROM (${DETALLE_SQL}) d`,
          params,
        ),
      ];
    });
    const s = {
      ingresos_explotacion: toPesos(tot.ingresos_explotacion),
      costo_ventas: toPesos(tot.costo_ventas),
      gastos_operacion: toPesos(tot.gastos_operacion),
      otros_ingresos: toPesos(tot.otros_ingresos),
    };
    const margen = s.ingresos_explotacion - s.costo_ventas;
    const operacional = margen - s.gastos_operacion;
    const totalIngresos = s.ingresos_explotacion + s.otros_ingresos;
    const totalGastos = s.costo_ventas + s.gastos_operacion;
    return {
      empresa_id: empresaId,
      periodo: p.periodo,
      desde: p.desde,
      hasta: p.hasta,
      ...s,
      margen_bruto: margen,
      resultado_operacional: operacional,
      total_ingresos: totalIngresos,
      total_gastos: totalGastos,
      resultado: operacional + s.otros_ingresos,
      detalle: rows.map((r: Record<string, string>) => ({ ...r, monto: toPesos(r.monto) })),
    };
  }
}
