import { Injectable } from '@nestjs/common';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { ReportesStore } from './reportes.store';
import { LibroDiarioView } from './dto/libro-diario.view';

/**
 * Libro diario: the entries of the period in date and number order with their lines (fecha,
 * N° asiento, cuenta, glosa, debe, haber; docs/research/registry-ledger-accounting.md §3.5). Built by PostgreSQL (json_agg).
 */
@Injectable()
export class LibroDiarioReportService {
  constructor(private readonly store: ReportesStore) {}

  async build(empresaId: string, periodoText: string): Promise<LibroDiarioView> {
    const p = parsePeriodo(periodoText);
    const [asientos, [tot]] = await this.store.libroDiario(empresaId, p);
    return {
      empresa_id: empresaId,
      periodo: p.periodo,
      desde: p.desde,
      hasta: p.hasta,
      asientos: asientos.map((a) => ({ ...a, total_debe: toPesos(a.total_debe), total_haber: toPesos(a.total_haber) })),
      totales: { asientos: Number(tot.asientos), debe: toPesos(tot.debe), haber: toPesos(tot.haber) },
    };
  }
}
