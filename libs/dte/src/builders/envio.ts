import { DteBuildError } from '../errors';
import { sliceElements } from '../xml-slice';
import { el, posInt, fecha, rut, timestamp } from './text';

/** The RUT of the SII: Caratula/RutReceptor of every EnvioDTE uploaded to the SII (docs/research/sii-protocol.md §1.9). */
export const SII_RUT = '60803000-K';

/** Caratula of an EnvioDTE (EnvioDTE_v10.xsd; docs/research/sii-protocol.md §1.9, §3.1). */
export interface CaratulaInput {
  /** RUT of the issuing company (must equal each DTE's RUTEmisor). */
  rutEmisor: string;
  /** RUT of the certificate owner who signs and uploads (= rutSender of the upload). */
  rutEnvia: string;
  /** 60803000-K when sending to the SII; the receiver's RUT when sending to a receiver (intercambio). */
  rutReceptor: string;
  /** Resolution date YYYY-MM-DD (in certification: the date the company was authorized). */
  fchResol: string;
  /** Resolution number; 0 in certification. */
  nroResol: number;
  /** Signature timestamp YYYY-MM-DDTHH:MM:SS (America/Santiago). */
  tmstFirmaEnv: string;
}

/** Input of `buildEnvioDte`. */
export interface EnvioDteInput {
  caratula: CaratulaInput;
  /** Signed DTE elements (as returned by the signing service), 1 to 2000. */
  signedDtes: string[];
}

/** Removes a BOM, an XML declaration and surrounding whitespace: the DTE element itself stays as is. */
function dteElement(signed: string, n: number): string {
  const body = signed
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .trim();
  if (!/^<DTE[\s>]/.test(body) || !body.endsWith('</DTE>')) {
    throw new DteBuildError(`signedDtes[${n}] is not a <DTE> element`);
  }
  return body;
}

/** The first `<Tag>value</Tag>` inside a Documento's Encabezado (read from text, the DTE is not re-parsed). */
function firstValue(dte: string, tag: string): string | undefined {
  const enc = sliceElements(dte, 'Encabezado')[0] ?? '';
  return new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`).exec(enc)?.[1];
}

/**
 * An unsigned EnvioDTE: `<?xml version="1.0" encoding="ISO-8859-1"?>`, then
 * `<EnvioDTE xmlns="http://www.sii.cl/SiiDte" version="1.0"><SetDTE ID="SetDoc"><Caratula version="1.0">`
 * with RutEmisor, RutEnvia, RutReceptor, FchResol, NroResol, TmstFirmaEnv, SubTotDTE (one per type,
 * ascending, counted from the DTEs) in the order of EnvioDTE_v10.xsd, then the DTEs byte-for-byte
 * (only a leading XML declaration/BOM of each is dropped), `</SetDTE></EnvioDTE>`. The signing service
 * appends the ds:Signature (reference `#SetDoc`). No xmlns:xsi is declared, so the namespaces in scope
 * of each Documento are the same inside the envelope as when it was signed alone (docs/research/sii-protocol.md §2.3).
 * @throws DteBuildError on invalid Caratula values, no DTE or more than 2000, or a DTE whose
 *   RUTEmisor differs from the Caratula's.
 */
export function buildEnvioDte(input: EnvioDteInput): string {
  const c = input.caratula;
  const dtes = input.signedDtes.map(dteElement);
  if (dtes.length === 0 || dtes.length > 2000) throw new DteBuildError('an EnvioDTE holds 1 to 2000 DTEs');
  const counts = new Map<number, number>();
  dtes.forEach((dte, n) => {
    const tipo = Number(firstValue(dte, 'TipoDTE'));
    if (!Number.isInteger(tipo) || tipo <= 0) throw new DteBuildError(`signedDtes[${n}] has no TipoDTE`);
    const emisor = firstValue(dte, 'RUTEmisor');
    if (emisor !== c.rutEmisor)
      throw new DteBuildError(`signedDtes[${n}] RUTEmisor ${emisor} differs from Caratula RutEmisor ${c.rutEmisor}`);
    counts.set(tipo, (counts.get(tipo) ?? 0) + 1);
  });
  if (counts.size > 20) throw new DteBuildError('at most 20 document types per EnvioDTE');
  if (!Number.isSafeInteger(c.nroResol) || c.nroResol < 0 || c.nroResol > 999_999) {
    throw new DteBuildError(`nroResol must be an integer 0..999999, got ${c.nroResol}`);
  }
  const subtot = [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([tipo, n]) => `<SubTotDTE>${el('TpoDTE', tipo)}${el('NroDTE', posInt('NroDTE', n))}</SubTotDTE>`)
    .join('');
  const caratula =
    '<Caratula version="1.0">' +
    el('RutEmisor', rut('RutEmisor', c.rutEmisor)) +
    el('RutEnvia', rut('RutEnvia', c.rutEnvia)) +
    el('RutReceptor', rut('RutReceptor', c.rutReceptor)) +
    el('FchResol', fecha('FchResol', c.fchResol)) +
    `<NroResol>${c.nroResol}</NroResol>` +
    el('TmstFirmaEnv', timestamp('TmstFirmaEnv', c.tmstFirmaEnv)) +
    subtot +
    '</Caratula>';
  return (
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n' +
    '<EnvioDTE xmlns="http://www.sii.cl/SiiDte" version="1.0"><SetDTE ID="SetDoc">' +
    caratula +
    dtes.join('') +
    '</SetDTE></EnvioDTE>'
  );
}
