import { Injectable } from '@nestjs/common';
import { toPesos } from '../common/money';
import { parseMes } from '../common/periodo';
import { UtmStore } from '../utm/utm.store';
import { calcularF29, NOTAS_CREDITO } from './f29-codigos';
import { remanenteAnterior } from './f29-remanente';
import { F29Filas, ReportesStore } from './reportes.store';
import { F29BorradorView } from './dto/f29-borrador.view';
import { f29Pdf } from './f29.pdf';

export const F29_AVISO =
  'Borrador calculado desde los libros: IVA, remanente reajustado por la UTM, retención de honorarios y PPM a la tasa de la empresa. ' +
  'No es el formulario oficial F29 ni se envía al SII: no incluye impuestos específicos ni impuesto único (no hay remuneraciones en los ' +
  'libros); revíselo antes de declarar.';

const VENTAS = [33, 34, 56, 110, 111];

/**
 * The F29 of a month from the books (docs/accounting.md "F29 from the books"; the códigos in f29-codigos.ts, the remanente's readjustment in
 * f29-remanente.ts, both after docs/research/f29.md). @throws 400 for a periodo that is not a month, 404 `not_found`.
 */
@Injectable()
export class F29BorradorReportService {
  constructor(
    private readonly store: ReportesStore,
    private readonly utm: UtmStore,
  ) {}

  async build(empresaId: string, periodoText: string): Promise<F29BorradorView> {
    const p = parseMes(periodoText);
    const f = await this.store.f29Insumos(empresaId, p);
    const utm = await this.utm.valores();
    const meses = f.iva.map((m) => ({ mes: m.mes, debito: toPesos(m.debito), credito: toPesos(m.credito) }));
    const este = meses.find((m) => m.mes === p.periodo) ?? { debito: 0, credito: 0 };
    const { remanente, reajustado } = remanenteAnterior(meses, p.periodo, (mes) => utm.get(mes));
    const emitidos = porTipo(f.emitidos);
    const calc = calcularF29({
      emitidos,
      recibidos: porTipo(f.recibidos),
      debitoLibros: este.debito,
      creditoLibros: este.credito,
      remanenteAnterior: remanente,
      retencionHonorarios: toPesos(f.honorarios),
      ingresosBrutos: ingresosBrutos(f.emitidos),
      tasaPpm: f.tasaPpm,
    });
    return {
      empresa_id: empresaId,
      periodo: p.periodo,
      borrador: true,
      aviso: F29_AVISO,
      debito_fiscal: este.debito,
      credito_fiscal: este.credito,
      remanente_anterior: remanente,
      remanente_reajustado: reajustado,
      total_creditos: este.credito + remanente,
      iva_a_pagar: calc.iva_determinado,
      remanente_siguiente: calc.remanente_siguiente,
      segun_documentos: calc.segun_documentos,
      tasa_ppm: f.tasaPpm,
      ppm: calc.ppm,
      retencion_honorarios: toPesos(f.honorarios),
      total_a_pagar: calc.total_a_pagar,
      cuadra_con_documentos: calc.cuadra_con_documentos,
      codigos: calc.codigos,
    };
  }

  /** The draft as a letter-size PDF (f29.pdf.ts). */
  async pdf(empresaId: string, periodoText: string): Promise<Buffer> {
    const f = await this.build(empresaId, periodoText);
    return f29Pdf(f, await this.store.requireEmpresa(empresaId));
  }
}

function porTipo(rows: F29Filas['emitidos']): Record<number, { cantidad: number; iva: number }> {
  return Object.fromEntries(rows.map((r) => [r.tipo_dte, { cantidad: r.cantidad, iva: toPesos(r.iva) }]));
}

/** The month's gross income for the PPM: neto + exento of sales, less notas de crédito (exports in their pesos). */
function ingresosBrutos(rows: F29Filas['emitidos']): number {
  return rows.reduce(
    (s, r) => s + (VENTAS.includes(r.tipo_dte) ? 1 : NOTAS_CREDITO.includes(r.tipo_dte) ? -1 : 0) * toPesos(r.neto_exento),
    0,
  );
}
