import { Injectable } from '@nestjs/common';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { ReportesStore } from './reportes.store';
import { LibroMayorView, MayorMovimientoView } from './dto/libro-mayor.view';

/**
 * Libro mayor: per posting account, the opening balance at the start of the period, each
 * movement with its running balance, and the closing balance. Balances are debe - haber.
 */
@Injectable()
export class LibroMayorReportService {
  constructor(private readonly store: ReportesStore) {}

  async build(empresaId: string, periodoText: string, cuenta?: string): Promise<LibroMayorView> {
    const p = parsePeriodo(periodoText);
    const rows = await this.store.libroMayor(empresaId, p, cuenta);
    return {
      empresa_id: empresaId,
      periodo: p.periodo,
      desde: p.desde,
      hasta: p.hasta,
      cuentas: rows.map((r) => ({
        codigo: r.codigo as string,
        nombre: r.nombre as string,
        tipo: r.tipo as string,
        saldo_inicial: toPesos(r.saldo_inicial as string),
        total_debe: toPesos(r.total_debe as string),
        total_haber: toPesos(r.total_haber as string),
        saldo_final: toPesos(r.saldo_final as string),
        movimientos: r.movimientos as MayorMovimientoView[],
      })),
    };
  }
}
