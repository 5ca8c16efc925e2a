import { childElements, findFirst, numAt, textAt, textOf, validateXsd } from '@lib/dte';
import { pesos, sumaCampo, valor } from './internal/aritmetica';
import { verifySignatureElement } from './internal/xmldsig';
import { guiasDescuadradas } from './libro-guia-judge';

export type LibroVerdict = { status: 7 | 8; errors: string[] } | { finalState: 'LOK' } | { finalState: 'LRH'; rejection: string };

export function isLibro(doc: Document): boolean {
  return ['LibroCompraVenta', 'LibroGuia'].includes(doc.documentElement.localName);
}

/**
 * A LibroCompraVenta or LibroGuia via DTEUpload (docs/research/sii-protocol.md §2.1, §3.6, §3.8): its XSD (STATUS 7), signature
 * (8); then LRH "Libro Rechazado" (RutEnvia/RutEmisorLibro not the sender's, PARCIAL/FINAL without NroSegmento), LRH "Libro No
 * Cuadrado" (totals not following from Detalle), else LOK. Other states and exact glosas are not in our sources (README).
 */
export async function judgeLibro(archivo: Buffer, xml: string, doc: Document, sender: string, company: string): Promise<LibroVerdict> {
  const guia = doc.documentElement.localName === 'LibroGuia';
  const schema = await validateXsd(archivo, guia ? 'LibroGuia' : 'LibroCV');
  if (!schema.valid) return { status: 7, errors: schema.errors.length ? schema.errors : ['Error de Schema'] };
  const envio = findFirst(doc.documentElement, 'EnvioLibro') as Element;
  const id = envio.getAttribute('ID') ?? '';
  const sig = childElements(doc.documentElement, 'Signature')[0];
  const check = sig ? verifySignatureElement(xml, sig, `#${id}`) : undefined;
  if (!check?.ok) return { status: 8, errors: [`Firma del Libro (${id}) invalida: ${check?.reason ?? 'sin Signature'}`] };
  const caratula = findFirst(envio, 'Caratula') as Element;
  if (textOf(caratula, 'RutEnvia') !== sender) return { finalState: 'LRH', rejection: 'Libro Rechazado: RutEnvia distinto al del envio' };
  if (textOf(caratula, 'RutEmisorLibro') !== company) {
    return { finalState: 'LRH', rejection: 'Libro Rechazado: RutEmisorLibro distinto de la empresa' };
  }
  const tipoEnvio = textAt(caratula, 'TipoEnvio') ?? '';
  // LibroCV_v10.xsd TipoEnvio: PARCIAL and FINAL are segments numbered by NroSegmento; optional in the XSD for TOTAL and AJUSTE.
  if (['PARCIAL', 'FINAL'].includes(tipoEnvio) && !textAt(caratula, 'NroSegmento')) {
    return { finalState: 'LRH', rejection: `Libro Rechazado: TipoEnvio ${tipoEnvio} sin NroSegmento` };
  }
  const descuadre = guia ? guiasDescuadradas(envio) : totalesDescuadrados(envio, textAt(caratula, 'TipoOperacion') === 'COMPRA');
  return descuadre ? { finalState: 'LRH', rejection: `Libro No Cuadrado: ${descuadre}` } : { finalState: 'LOK' };
}

const SUMS: [string, string][] = [
  ['TotMntExe', 'MntExe'],
  ['TotMntNeto', 'MntNeto'],
  ['TotMntIVA', 'MntIVA'],
  ['TotIVARetTotal', 'IVARetTotal'],
  ['TotIVARetParcial', 'IVARetParcial'],
  ['TotMntTotal', 'MntTotal'],
];

/** Operation counts (LibroCV_v10.xsd "Numero de Operaciones con ..."), checked when stated: the lines with the amount. */
const OPS: [string, string][] = [
  ['TotOpIVARetTotal', 'IVARetTotal'],
  ['TotOpIVARetParcial', 'IVARetParcial'],
];

/** Per LibroCV_v10.xsd annotations (TotMntIVA "IVA Recuperable (LC)"); voided folios excluded. */
function totalesDescuadrados(envio: Element, compra: boolean): string | undefined {
  const detalles = childElements(envio, 'Detalle').filter((d) => textAt(d, 'Anulado') !== 'A');
  const resumen = findFirst(envio, 'ResumenPeriodo');
  for (const tot of resumen ? childElements(resumen, 'TotalesPeriodo') : []) {
    const tipo = numAt(tot, 'TpoDoc');
    const lines = detalles.filter((d) => numAt(d, 'TpoDoc') === tipo);
    const descuadre =
      sumasDescuadradas(tot, lines) ?? otrosImpDescuadrados(tot, lines) ?? (compra ? ivaCompraDescuadrado(tot, lines) : undefined);
    if (descuadre) return `TpoDoc ${tipo}: ${descuadre}`;
  }
  return undefined;
}

function sumasDescuadradas(tot: Element, lines: Element[]): string | undefined {
  if ((numAt(tot, 'TotDoc') ?? 0) !== lines.length) return `TotDoc ${numAt(tot, 'TotDoc')} y ${lines.length} detalles`;
  for (const [total, field] of SUMS) {
    const sum = sumaCampo(lines, field);
    if ((numAt(tot, total) ?? 0) !== sum) return `${total} ${numAt(tot, total)} distinto de la suma ${sum}`;
  }
  for (const [ops, field] of OPS) {
    const con = lines.filter((d) => (numAt(d, field) ?? 0) > 0).length;
    const declarado = numAt(tot, ops);
    if (declarado !== undefined && declarado !== con) return `${ops} ${declarado} y ${con} detalles`;
  }
  return undefined;
}

/** A code on one side only counts as 0 on the other. */
function otrosImpDescuadrados(tot: Element, lines: Element[]): string | undefined {
  const declarados = porCodigo(childElements(tot, 'TotOtrosImp'), 'CodImp', 'TotMntImp');
  const calculados = porCodigo(
    lines.flatMap((d) => childElements(d, 'OtrosImp')),
    'CodImp',
    'MntImp',
  );
  for (const cod of new Set([...declarados.keys(), ...calculados.keys()])) {
    const [dec, cal] = [declarados.get(cod)?.monto ?? 0, calculados.get(cod)?.monto ?? 0];
    if (dec !== cal) return `TotMntImp (CodImp ${cod}) ${dec} distinto de la suma ${cal}`;
  }
  return undefined;
}

/** `ops` counts the distinct lines (operations) with the code. */
function porCodigo(items: Element[], codigo: string, monto: string): Map<number, { monto: number; ops: Set<Node> }> {
  const out = new Map<number, { monto: number; ops: Set<Node> }>();
  for (const item of items) {
    const cod = numAt(item, codigo) ?? 0;
    const r = out.get(cod) ?? { monto: 0, ops: new Set<Node>() };
    r.monto += numAt(item, monto) ?? 0;
    if (item.parentNode) r.ops.add(item.parentNode);
    out.set(cod, r);
  }
  return out;
}

function ivaCompraDescuadrado(tot: Element, lines: Element[]): string | undefined {
  const declarados = childElements(tot, 'TotIVANoRec');
  const calculados = porCodigo(
    lines.flatMap((d) => childElements(d, 'IVANoRec')),
    'CodIVANoRec',
    'MntIVANoRec',
  );
  for (const cod of new Set([...declarados.map((t) => numAt(t, 'CodIVANoRec') ?? 0), ...calculados.keys()])) {
    const dec = declarados.find((t) => numAt(t, 'CodIVANoRec') === cod);
    const cal = calculados.get(cod) ?? { monto: 0, ops: new Set() };
    const montoDec = dec ? (numAt(dec, 'TotMntIVANoRec') ?? 0) : 0;
    if (montoDec !== cal.monto) return `TotMntIVANoRec (CodIVANoRec ${cod}) ${montoDec} distinto de la suma ${cal.monto}`;
    const opsDec = dec ? numAt(dec, 'TotOpIVANoRec') : undefined;
    if (opsDec !== undefined && opsDec !== cal.ops.size) return `TotOpIVANoRec (CodIVANoRec ${cod}) ${opsDec} y ${cal.ops.size} detalles`;
  }
  return usoComunDescuadrado(tot, lines);
}

function usoComunDescuadrado(tot: Element, lines: Element[]): string | undefined {
  const usoComun = numAt(tot, 'TotIVAUsoComun') ?? 0;
  const sum = sumaCampo(lines, 'IVAUsoComun');
  if (usoComun !== sum) return `TotIVAUsoComun ${usoComun} distinto de la suma ${sum}`;
  const ops = numAt(tot, 'TotOpIVAUsoComun');
  const conUsoComun = lines.filter((d) => (numAt(d, 'IVAUsoComun') ?? 0) > 0).length;
  if (ops !== undefined && ops !== conUsoComun) return `TotOpIVAUsoComun ${ops} y ${conUsoComun} detalles`;
  const [fct, cred] = [textAt(tot, 'FctProp'), textAt(tot, 'TotCredIVAUsoComun')];
  if (fct === undefined && cred === undefined) return undefined;
  if (fct === undefined || cred === undefined) return 'FctProp y TotCredIVAUsoComun van juntos';
  const credito = pesos(valor(String(usoComun)).times(valor(fct)));
  if (!valor(cred).equals(credito))
    return `TotCredIVAUsoComun ${cred} distinto de TotIVAUsoComun ${usoComun} x FctProp ${fct} = ${credito.toFixed(0)}`;
  return undefined;
}
