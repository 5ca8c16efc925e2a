import { formatRut } from '@lib/rut';
import type { ParsedDetalle, ParsedDscRcg, ParsedDte, ParsedReferencia } from '../parsers/received';
import { NOMBRE_DOCUMENTO, formatDecimal, formatFecha, formatMonto, formatPesos, formatPorcentaje } from './format';
import { FACTURA_COMPRA, RETENCIONES_IVA } from '../totals';

// What the printed DTE says, the same on a letter page and a thermal roll; carta.ts and termica.ts only place it.

/** Ley 19.983 art. 4 b) and 5 c): the acuse de recibo on the cedible copy. */
export const ACUSE_RECIBO_LEY_19983 =
  'El acuse de recibo que se declara en este acto, de acuerdo a lo dispuesto en la letra b) del Art. 4°, y la letra c) del ' +
  'Art. 5° de la Ley 19.983, acredita que la entrega de mercaderías o servicio(s) prestado(s) ha(n) sido recibido(s).';

/** FmaPago as printed (SII Formato DTE v2.2 §A). */
export const FORMA_PAGO: Readonly<Record<number, string>> = {
  1: 'Contado',
  2: 'Crédito',
  3: 'Sin costo (entrega gratuita)',
};

export type Fila = readonly [label: string, value: string];

export interface FilaTotal {
  label: string;
  value: string;
  bold?: boolean;
}

export interface ContenidoDte {
  documento: string;
  titulo: string;
  emisor: string[];
  receptor: Fila[];
  pago: Fila[];
  referencias: string[];
  pagos: string[];
  totales: FilaTotal[];
  leyenda: [string, string, string];
}

export function contenidoDte(dte: ParsedDte, resolucion: { fecha: string; numero: number }): ContenidoDte {
  const documento = nombreDocumento(dte);
  return {
    documento,
    titulo: `${documento} N° ${dte.folio}`,
    emisor: lineasEmisor(dte),
    receptor: filasReceptor(dte),
    pago: filasPago(dte),
    referencias: dte.referencias.map(textoReferencia),
    pagos: lineasPagos(dte),
    totales: filasTotales(dte),
    leyenda: leyendaTimbre(resolucion),
  };
}

export function nombreDocumento(dte: ParsedDte): string {
  return NOMBRE_DOCUMENTO[dte.tipo_dte] ?? `DTE ${dte.tipo_dte}`;
}

export function lineasEmisor(dte: ParsedDte): string[] {
  const e = dte.emisor;
  return [e.giro, e.direccion, [e.comuna, e.ciudad].filter(Boolean).join(', ')].filter((l): l is string => !!l);
}

export function filasReceptor(dte: ParsedDte): Fila[] {
  const r = dte.receptor;
  const rows: [string, string | undefined][] = [
    ['Señor(es)', r.razon_social],
    ['R.U.T.', formatRut(r.rut)],
    ['Giro', r.giro],
    ['Dirección', r.direccion],
    ['Comuna', [r.comuna, r.ciudad].filter(Boolean).join(', ')],
    ['Fecha emisión', formatFecha(dte.fecha_emision)],
  ];
  return rows.filter((row): row is [string, string] => !!row[1]);
}

export function filasPago(dte: ParsedDte): Fila[] {
  const rows: Fila[] = [];
  if (dte.forma_pago !== undefined) rows.push(['Forma de pago', FORMA_PAGO[dte.forma_pago] ?? `código ${dte.forma_pago}`]);
  if (dte.fecha_vencimiento) rows.push(['Vencimiento', formatFecha(dte.fecha_vencimiento)]);
  return rows;
}

export function lineasPagos(dte: ParsedDte): string[] {
  return dte.pagos.map((p) => `${formatFecha(p.fecha)}: $ ${formatPesos(p.monto)}${p.glosa ? ` (${p.glosa})` : ''}`);
}

export function nombreLinea(d: ParsedDetalle): string {
  return [d.nombre, d.descripcion].filter(Boolean).join(' - ') + (d.exento ? ' (exento)' : '');
}

export function cantidadLinea(d: ParsedDetalle): string {
  return d.cantidad === undefined ? '' : `${formatDecimal(d.cantidad)}${d.unidad ? ` ${d.unidad}` : ''}`;
}

/** Formato DTE v2.2 §C, printed as the SII's test set asks ("los descuentos por línea o globales deben ser indicados en las representaciones"). */
export function ajustesLinea(d: ParsedDetalle): string[] {
  const ajuste = (nombre: string, pct: number | undefined, monto: number | undefined): string[] => {
    if (!pct && !monto) return [];
    const titulo = pct ? `${nombre} ${formatPorcentaje(pct)}` : nombre;
    return [monto ? `${titulo}: ${formatPesos(monto)}` : titulo];
  };
  return [...ajuste('Desc.', d.descuento_pct, d.descuento_monto), ...ajuste('Rec.', d.recargo_pct, d.recargo_monto)];
}

export function textoReferencia(r: ParsedReferencia): string {
  const parts = [
    `Tipo ${r.tipo_doc} N° ${r.folio}`,
    r.fecha ? `del ${formatFecha(r.fecha)}` : '',
    r.codigo ? `(código ${r.codigo})` : '',
    r.razon,
  ];
  return parts.filter(Boolean).join(' ');
}

/** Rows in §B order, taxes with code and rate (field 115, note 6); a 46's retentions and a 43's comisiones negative (field 124). */
export function filasTotales(dte: ParsedDte): FilaTotal[] {
  const m = dte.montos;
  const moneda = dte.otros_totales.moneda;
  const simbolo = moneda ? moneda.tipo : '$';
  const pesos = (label: string, value: number, bold = false): FilaTotal => ({
    label,
    value: `${simbolo} ${formatMonto(value, moneda?.tipo)}`,
    bold,
  });
  const rows = dte.descuentos_recargos.map((g) => filaGlobal(g, moneda?.tipo));
  if (m.neto) rows.push(pesos('Monto neto', m.neto));
  if (m.exento) rows.push(pesos('Monto exento', m.exento));
  if (m.neto || m.iva) rows.push(pesos(`IVA ${m.tasa_iva || 19}%`, m.iva));
  for (const i of m.impuestos_adicionales) {
    const retencion = dte.tipo_dte === FACTURA_COMPRA && RETENCIONES_IVA[i.codigo] !== undefined;
    const label = `${retencion ? 'IVA retenido' : 'Imp. adic.'} ${i.codigo} ${String(i.tasa).replace('.', ',')}%`;
    rows.push(retencion ? { label, value: `-$ ${formatPesos(i.monto)}` } : pesos(label, i.monto));
  }
  if (m.iva_no_retenido) rows.push(pesos('IVA no retenido', m.iva_no_retenido));
  if (m.garantia_envases) rows.push(pesos('Garantía envases', m.garantia_envases));
  const com = m.comisiones;
  if (com && com.neto + com.exento + com.iva !== 0) {
    rows.push({ label: 'Comisiones y otros cargos', value: `-$ ${formatPesos(com.neto + com.exento)}` });
    rows.push({ label: 'IVA comisiones', value: `-$ ${formatPesos(com.iva)}` });
  }
  rows.push(pesos('Total', m.total, true));
  if (m.no_facturable) rows.push(pesos('Monto no facturable', m.no_facturable));
  // An export states its pesos at the Banco Central rate (OtraMoneda, Formato DTE v2.2 fields 129-138).
  if (moneda?.tipo_cambio !== undefined) rows.push({ label: 'Tipo de cambio', value: `$ ${formatDecimal(moneda.tipo_cambio)}` });
  if (moneda?.total_pesos !== undefined) rows.push({ label: 'Total en pesos', value: `$ ${formatPesos(moneda.total_pesos)}` });
  return rows;
}

function filaGlobal(g: ParsedDscRcg, moneda?: string): FilaTotal {
  const sobre = g.ind_exe === 1 ? ' exento' : g.ind_exe === 2 ? ' no facturable' : '';
  const label = `${g.tipo === 'D' ? 'Descuento' : 'Recargo'} global${sobre}${g.glosa ? ` (${g.glosa})` : ''}`;
  return { label, value: g.unidad === '%' ? formatPorcentaje(g.valor) : `${moneda ?? '$'} ${formatMonto(g.valor, moneda)}` };
}

/** The SII's sample rules as LibreDTE (src/Sii/Dte/PDF/Dte.php `agregarTimbre`) and Odoo (l10n_cl_edi report_invoice.xml) apply them. */
export function leyendaTimbre(resolucion: { fecha: string; numero: number }): [string, string, string] {
  return ['Timbre Electrónico SII', `Res. ${resolucion.numero} de ${resolucion.fecha.slice(0, 4)}`, 'Verifique documento: www.sii.cl'];
}
