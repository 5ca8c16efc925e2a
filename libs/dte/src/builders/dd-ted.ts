import { flattenXml } from '../xml/encoding';
import { DteBuildError, DteError } from '../errors';
import { numAt, localName, parseXml, textAt } from '../xml/dom';
import { fecha, fieldText, el, posInt, rut, timestamp } from './text';

/** The TD whose MNT is a decimal (DTE_v10.xsd Exportaciones TED). */
const EXPORTACION = new Set([110, 111, 112]);

/** TED `DD` fields as named in the XML (Formato DTE v2.2 §G; DTE_v10.xsd); rsr and it1 are cut to 40 characters, never trimmed. */
export interface DdInput {
  re: string;
  td: number;
  f: number;
  fe: string;
  rr: string;
  rsr: string;
  /** MntTotal: whole CLP, or an export's decimal in its currency as written (DTE_v10.xsd Exportaciones DD/MNT: decimal 18,4). */
  mnt: number | string;
  it1: string;
  cafXml: string;
  tsted: string;
}

function checkCaf(input: DdInput): void {
  const caf = input.cafXml.trim();
  if (!/^<CAF[\s>]/.test(caf) || !caf.endsWith('</CAF>')) {
    throw new DteBuildError('cafXml must be the verbatim <CAF version="1.0">...</CAF> element of the CAF file');
  }
  let root: Element;
  try {
    root = parseXml(caf);
  } catch (e) {
    throw new DteBuildError(`cafXml is not well-formed: ${e instanceof DteError ? e.message : String(e)}`);
  }
  const re = textAt(root, 'DA/RE');
  const td = numAt(root, 'DA/TD');
  const d = numAt(root, 'DA/RNG/D');
  const h = numAt(root, 'DA/RNG/H');
  if (localName(root) !== 'CAF' || !textAt(root, 'FRMA')) throw new DteBuildError('cafXml lacks DA or FRMA');
  if (re !== input.re) throw new DteBuildError(`the CAF belongs to ${re}, not to the issuer ${input.re}`);
  if (td !== input.td) throw new DteBuildError(`the CAF authorizes type ${td}, not ${input.td}`);
  if (d === undefined || h === undefined || input.f < d || input.f > h) {
    throw new DteBuildError(`folio ${input.f} is outside the CAF range ${d}-${h}`);
  }
}

/** The flattened `<DD>` with the CAF verbatim; RSR/IT1 cut, never trimmed after (a scanner compares them; LibreDTE `mb_substr(..., 0,
 * 40)`). Its ISO-8859-1 bytes signed with RSASK give FRMT (docs/research/sii-protocol.md §2.3, §3.3). @throws DteBuildError */
export function buildDd(input: DdInput): string {
  checkCaf(input);
  // ValorType: a liquidación-factura's MntTotal may be negative (Formato DTE v2.2 Cambios 22/09/2005 item 4).
  if (
    typeof input.mnt === 'string'
      ? !/^\d{1,14}(\.\d{1,4})?$/.test(input.mnt) || !EXPORTACION.has(input.td)
      : !Number.isSafeInteger(input.mnt)
  ) {
    throw new DteBuildError(`MNT must be a whole number (a decimal of 4 places on an export document), got ${input.mnt}`);
  }
  const rsr = fieldText('RSR', (input.rsr ?? '').trim(), 40, 'cut');
  const it1 = fieldText('IT1', (input.it1 ?? '').trim(), 40, 'cut');
  if (!rsr || !it1) throw new DteBuildError('RSR and IT1 must not be empty');
  return flattenXml(
    '<DD>' +
      el('RE', rut('RE', input.re)) +
      el('TD', posInt('TD', input.td, 3)) +
      el('F', posInt('F', input.f)) +
      el('FE', fecha('FE', input.fe)) +
      el('RR', rut('RR', input.rr)) +
      el('RSR', rsr) +
      `<MNT>${input.mnt}</MNT>` +
      el('IT1', it1) +
      input.cafXml.trim() +
      el('TSTED', timestamp('TSTED', input.tsted)) +
      '</DD>',
  );
}

/** DTE_v10.xsd TED from `buildDd`'s DD and base64 FRMT. @throws DteBuildError when dd is not a DD or frmt not base64. */
export function buildTed(dd: string, frmt: string): string {
  const sig = (frmt ?? '').replace(/\s+/g, '');
  if (!/^<DD>[\s\S]*<\/DD>$/.test(dd ?? '')) throw new DteBuildError('dd must be the <DD>...</DD> built by buildDd');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(sig) || sig.length % 4 !== 0) throw new DteBuildError('frmt must be base64');
  return `<TED version="1.0">${dd}<FRMT algoritmo="SHA1withRSA">${sig}</FRMT></TED>`;
}
