import { CAMPOS_DD, type CampoDd, type DteLeido } from './dte-leido';
import { TIPOS_EXPORTACION } from './exportacion-checks';
import { valor } from './internal/aritmetica';

/** DTE_v10.xsd TED/DD (docs/research/sii-protocol.md §3.3). */
const MAX_RSR_IT1 = 40;

/** Expire 6 months after FA ("CAF Vencido", docs/research/sii-protocol.md §1.10). */
const CAF_QUE_VENCE = new Set([33, 43, 46, 56, 61]);

/** Compared as written (Formato DTE v2.2 §G, docs/research/sii-protocol.md §3.3). */
function esperadoDd(dte: DteLeido): Record<CampoDd, string> {
  const corto = (s: string) => s.slice(0, MAX_RSR_IT1).trimEnd();
  return {
    RE: dte.rutEmisor,
    TD: String(dte.tipo),
    F: String(dte.folio),
    FE: dte.fchEmis,
    RR: dte.rutRecep,
    RSR: corto(dte.rznSocRecep),
    MNT: dte.totales.mntTotal ?? '0',
    IT1: corto(dte.lineas[0]?.nombre ?? ''),
  };
}

/** DD/MNT of 110-112 is xs:decimal 18,4, Totales/MntTotal in the foreign currency (docs/research/exportacion.md §1). */
const MNT_DECIMAL = /^\d+(\.\d+)?$/;
/** An export's MNT other than its MntTotal (e.g. rounded): the code peers record (docs/research/exportacion.md §5, [P] IDX-67040457170, RDE). */
const TED_3_640 = '(TED-3-640)';

function igual(campo: CampoDd, timbre: string | undefined, documento: string, exportacion: boolean): boolean {
  if (timbre === undefined) return false;
  if (campo === 'MNT' && exportacion) return MNT_DECIMAL.test(timbre) && valor(timbre).eq(valor(documento));
  if (campo === 'TD' || campo === 'F' || campo === 'MNT') return /^-?\d+$/.test(timbre) && valor(timbre).eq(valor(documento));
  if (campo === 'RSR' || campo === 'IT1') return timbre.trimEnd() === documento;
  return timbre === documento;
}

/** A timbre whose DD does not repeat the document (Formato DTE v2.2 §G; docs/research/sii-protocol.md §3.3) is not the
 * document the SII received, so RCH. Code unknown. */
export function tedRechazos(dte: DteLeido): string[] {
  if (!dte.ted) return ['(TED) Documento sin Timbre Electronico'];
  const esperado = esperadoDd(dte);
  const exportacion = TIPOS_EXPORTACION.has(dte.tipo);
  return CAMPOS_DD.filter((c) => !sinNombreEnBoleta(dte, c) && !igual(c, dte.ted?.dd[c], esperado[c], exportacion)).map(
    (c) => `${c === 'MNT' && exportacion ? TED_3_640 : '(TED)'} ${c} del timbre no corresponde al documento`,
  );
}

/** A boleta may leave RznSocRecep out (EnvioBOLETA_v11.xsd): its DD's RSR has nothing in the document to be compared with. */
function sinNombreEnBoleta(dte: DteLeido, campo: CampoDd): boolean {
  return campo === 'RSR' && (dte.tipo === 39 || dte.tipo === 41) && dte.rznSocRecep === '';
}

/** Folios are authorized from FA on (docs/research/sii-protocol.md §3.4): a document dated before is not validly stamped (RCH; code unknown). */
export function fechaAntesDelCaf(dte: DteLeido): string[] {
  const fa = dte.ted?.caf?.fa;
  return fa && dte.fchEmis < fa ? [`(TED) Fecha de Emision ${dte.fchEmis} anterior a la autorizacion del CAF (FA ${fa})`] : [];
}

/** Valid 6 months after FA: "CAF Vencido ... > 6 meses" (docs/research/sii-protocol.md §1.10, [P] LibreDTE; Odoo documentation PR #941). */
export function cafVencido(dte: DteLeido, ahora: Date): string[] {
  const fa = dte.ted?.caf?.fa;
  if (!fa || !CAF_QUE_VENCE.has(dte.tipo)) return [];
  const limite = new Date(`${fa}T00:00:00Z`);
  limite.setUTCMonth(limite.getUTCMonth() + 6);
  return ahora > limite ? [`CAF Vencido: FA ${fa} > 6 meses`] : [];
}
