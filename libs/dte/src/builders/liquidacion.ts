import { DteBuildError } from '../errors';
import { decimalOf } from '../totals';
import type { TipoDteEmision } from '../tipos-dte';
import { LIQUIDACION_FACTURA, ivaComision, type ComisionInput, type MontosComisiones } from '../comisiones';
import { el, optText, reqText } from './text';

// The parts of a liquidación-factura 43 (DTE_v10.xsd Liquidacion) that a Documento does not have; buildDte places them.

/** Formato DTE v2.2 §B field 4: obligatory on a liquidación-factura ("código de documento válido ... o 99"), absent elsewhere. */
export function tpoDocLiq(tipo: TipoDteEmision, d: { tipo_doc_liq?: string }): string {
  if ((tipo === LIQUIDACION_FACTURA) !== (d.tipo_doc_liq !== undefined)) {
    throw new DteBuildError(
      'TpoDocLiq is obligatory on each line of a liquidación-factura 43 and only there (Formato DTE v2.2 §B field 4)',
    );
  }
  return optText('TpoDocLiq', d.tipo_doc_liq, 3);
}

/** Formato DTE v2.2 §F, after the references. */
export function comision(c: ComisionInput, n: number, tasaIva: number): string {
  return (
    '<Comisiones>' +
    el('NroLinCom', n) +
    el('TipoMovim', c.tipo) +
    reqText('Glosa', c.glosa, 60) +
    (c.tasa !== undefined ? el('TasaComision', decimalOf(c.tasa, 'comisiones.tasa', 2, 99.99).toFixed()) : '') +
    el('ValComNeto', c.neto) +
    el('ValComExe', c.exento ?? 0) +
    el('ValComIVA', ivaComision(c, tasaIva)) +
    '</Comisiones>'
  );
}

/** Totales/Comisiones (fields 121-123). */
export function totalComisiones(c: MontosComisiones, tipo: number): string {
  if (tipo !== LIQUIDACION_FACTURA) return '';
  return `<Comisiones>${el('ValComNeto', c.neto)}${el('ValComExe', c.exento)}${el('ValComIVA', c.iva)}</Comisiones>`;
}

/** `<Liquidacion>` for a 43 (DTE_v10.xsd: no Transporte; Receptor giro, dirección, comuna), else `<Documento>`. @throws DteBuildError */
export function raizDe(input: {
  tipo_dte: number;
  transporte?: object;
  tipo_despacho?: number;
  receptor: { giro?: string; direccion?: string; comuna?: string };
}): 'Liquidacion' | 'Documento' {
  if (input.tipo_dte !== LIQUIDACION_FACTURA) return 'Documento';
  if (input.transporte || input.tipo_despacho !== undefined) {
    throw new DteBuildError('a liquidación-factura 43 carries no Transporte nor TipoDespacho (DTE_v10.xsd Liquidacion)');
  }
  const r = input.receptor;
  if (!r.giro?.trim() || !r.direccion?.trim() || !r.comuna?.trim()) {
    throw new DteBuildError("a liquidación-factura 43 names the receptor's giro, dirección and comuna (DTE_v10.xsd Liquidacion Receptor)");
  }
  return 'Liquidacion';
}
