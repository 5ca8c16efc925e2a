import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { requireEmpresa } from '../common/empresa-lock';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { inSnapshot } from '../common/snapshot';
import { LibroDiario } from './dto/libro-diario.view';

/**
 * Libro diario: the entries of the period in date and number order with their lines (fecha,
 * N° asiento, cuenta, glosa, debe, haber; docs/research/registry-ledger-accounting.md §3.5). Built by PostgreSQL (json_agg).
 */
@Injectable()
export class LibroDiarioReportService {
  constructor(private readonly ds: DataSource) {}

  /** @throws 400 bad periodo; 404 empresa. */
  async build(empresaId: string, periodoText: string): Promise<LibroDiario> {
    const p = parsePeriodo(periodoText);
    const params = [empresaId, p.desde, p.hasta];
    const [asientos, [tot]] = await inSnapshot(this.ds, async (em) => {
      await requireEmpresa(em, empresaId);
      // Sequential on purpose: one connection, one snapshot.
      return [
        await em.query(
          `SELECT a.id, a.numero, a.fecha::text AS fecha, a.glosa, a.origen, a.reversa_de,
                  SUM(l.debe)::text AS total_debe, SUM(l.haber)::text AS total_haber,
                  json_agg(json_build_object('linea', l.linea, 'cuenta', c.codigo, 'cuenta_nombre', c.nombre,
                                             'debe', l.debe, 'haber', l.haber, 'glosa', l.glosa) ORDER BY l.linea) AS lineas
             FROM asiento a JOIN linea_asiento l ON l.asiento_id = a.id JOIN cuenta c ON c.id = l.cuenta_id
            WHERE a.empresa_id = $1 AND a.fecha BETWEEN $2 AND $3
            GROUP BY a.id ORDER BY a.fecha, a.numero`,
          params,
        ),
        await em.query(
          `SELECT count(DISTINCT a.id) AS asientos, COALESCE(SUM(l.debe), 0) AS debe, COALESCE(SUM(l.haber), 0) AS haber
             FROM asiento a JOIN linea_asiento l ON l.asiento_id = a.id
            WHERE a.empresa_id = $1 AND a.fecha BETWEEN $2 AND $3`,
          params,
        ),
      ];
    });
    return {
      empresa_id: empresaId,
      periodo: p.periodo,
      desde: p.desde,
      hasta: p.hasta,
      asientos: asientos.map((a: Record<string, unknown>) => ({
        ...a,
        total_debe: toPesos(a.total_debe as string),
        total_haber: toPesos(a.total_haber as string),
      })),
      totales: { asientos: Number(tot.asientos), debe: toPesos(tot.debe), haber: toPesos(tot.haber) },
    };
  }
}
