import { Injectable } from '@nestjs/common';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { ReportesStore } from './reportes.store';
import { F29BorradorView } from './dto/f29-borrador.view';

export const F29_AVISO =
  'Borrador calculado desde los libros (cuentas IVA Débito y Crédito Fiscal). No es el formulario oficial F29 ni se envía al SII: ' +
  'no incluye PPM, retenciones, impuestos específicos ni el reajuste del remanente; revíselo antes de declarar.';

/**
 * Borrador de F29 (IVA part) from the books: débito fiscal − (crédito fiscal + remanente anterior) = IVA a
 * pagar, or remanente (docs/research/registry-ledger-accounting.md §3.2 "Monthly IVA (F29)", code 077). A
 * draft: no PPM, withholdings or other taxes, and the remanente is not readjusted by the UTM variation.
 */
@Injectable()
export class F29BorradorReportService {
  constructor(private readonly store: ReportesStore) {}

  async build(empresaId: string, periodoText: string): Promise<F29BorradorView> {
    const p = parsePeriodo(periodoText);
    const row = await this.store.f29(empresaId, p);
    const debito = toPesos(row.debito_fiscal);
    const credito = toPesos(row.credito_fiscal);
    const remanente = toPesos(row.remanente_anterior);
    const creditos = credito + remanente;
    return {
      empresa_id: empresaId,
      periodo: p.periodo,
      borrador: true,
      aviso: F29_AVISO,
      debito_fiscal: debito,
      credito_fiscal: credito,
      remanente_anterior: remanente,
      total_creditos: creditos,
      iva_a_pagar: Math.max(debito - creditos, 0),
      remanente_siguiente: Math.max(creditos - debito, 0),
      segun_documentos: { debito_fiscal: toPesos(row.doc_debito), credito_fiscal: toPesos(row.doc_credito) },
    };
  }
}
