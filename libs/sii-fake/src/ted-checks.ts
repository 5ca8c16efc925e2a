import { CAMPOS_DD, type CampoDd, type DteLeido } from './dte-leido';
import { valor } from './internal/aritmetica';

/** RSR and IT1 hold at most 40 characters of the receiver's name and of the first item (DTE_v10.xsd TED/DD; docs/research/sii-protocol.md §3.3). */
const MAX_RSR_IT1 = 40;

/** CAF types that expire 6 months after FA ("CAF Vencido", docs/research/sii-protocol.md §1.10). */
const CAF_QUE_VENCE = new Set([33, 43, 46, 56, 61]);

/** What each DD field must repeat of the document (Formato DTE v2.2 §G, docs/research/sii-protocol.md §3.3), compared as written. */
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

function igual(campo: CampoDd, timbre: string | undefined, documento: string): boolean {
  if (timbre === undefined) return false;
  if (campo === 'TD' || campo === 'F' || campo === 'MNT') return /^-?\d+$/.test(timbre) && valor(timbre).eq(valor(documento));
  if (campo === 'RSR' || campo === 'IT1') return timbre.trimEnd() === documento;
  return timbre === documento;
}

/**
 * The timbre stamps the document: its DD repeats RE (RUTEmisor), TD (TipoDTE), F (Folio), FE (FchEmis), RR
 * (RUTRecep), RSR (the first 40 characters of RznSocRecep), MNT (MntTotal) and IT1 (the first 40 characters of the
 * first NmbItem) (Formato DTE v2.2 §G "Timbre Electrónico SII"; docs/research/sii-protocol.md §3.3). A printed document whose timbre does
 * not match it is not the document the SII received, so the stand-in rejects (RCH); the SII's code for it is not in
 * the sources we hold, the glosa names the section (TED) and the field.
 */
export function tedRechazos(dte: DteLeido): string[] {
  if (!dte.ted) return ['(TED) Documento sin Timbre Electronico'];
  const esperado = esperadoDd(dte);
  return CAMPOS_DD.filter((c) => !igual(c, dte.ted?.dd[c], esperado[c])).map((c) => `(TED) ${c} del timbre no corresponde al documento`);
}

/**
 * The CAF authorizes folios from its authorization date FA on (docs/research/sii-protocol.md §3.4: DA/FA "authorization date"): a
 * document dated before FA used a folio the SII had not yet authorized, so it is not validly stamped (RCH). The
 * SII's code is not in our sources; the closest documented behaviour is the CAF's other date rule, "CAF Vencido"
 * (docs/research/sii-protocol.md §1.10), a rejection of the document.
 */
export function fechaAntesDelCaf(dte: DteLeido): string[] {
  const fa = dte.ted?.caf?.fa;
  return fa && dte.fchEmis < fa ? [`(TED) Fecha de Emision ${dte.fchEmis} anterior a la autorizacion del CAF (FA ${fa})`] : [];
}

/**
 * A CAF of a 33, 43, 46, 56 or 61 is valid for 6 months after FA: the SII rejects a document stamped with an
 * older one, "CAF Vencido ... > 6 meses" (docs/research/sii-protocol.md §1.10, [P] LibreDTE; Odoo documentation PR #941).
 */
export function cafVencido(dte: DteLeido, ahora: Date): string[] {
  const fa = dte.ted?.caf?.fa;
  if (!fa || !CAF_QUE_VENCE.has(dte.tipo)) return [];
  const limite = new Date(`${fa}T00:00:00Z`);
  limite.setUTCMonth(limite.getUTCMonth() + 6);
  return ahora > limite ? [`CAF Vencido: FA ${fa} > 6 meses`] : [];
}
