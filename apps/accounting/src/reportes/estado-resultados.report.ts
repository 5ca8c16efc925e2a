import { Injectable } from '@nestjs/common';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { ReportesStore } from './reportes.store';
import { EstadoResultadosView } from './dto/estado-resultados.view';

/**
 * Estado de resultados for a month or a year (movements of the period only): ingresos de
 * explotación - costo de ventas = margen bruto; - gastos de administración y ventas = resultado
 * operacional; + otros ingresos = resultado (before income tax). Aggregated in SQL.
 */
@Injectable()
export class EstadoResultadosReportService {
  constructor(private readonly store: ReportesStore) {}

  async build(empresaId: string, periodoText: string): Promise<EstadoResultadosView> {
    const p = parsePeriodo(periodoText);
    const [rows, [tot]] = await this.store.estadoResultados(empresaId, p);
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
      detalle: rows.map((r) => ({ ...r, monto: toPesos(r.monto) })),
    };
  }
}
