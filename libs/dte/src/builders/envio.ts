import { DteBuildError } from '../errors';
import { sliceElements } from '../xml-slice';
import { el, posInt, fecha, rut, timestamp } from './text';

/** Caratula/RutReceptor of every EnvioDTE uploaded to the SII (docs/research/sii-protocol.md §1.9). */
export const SII_RUT = '60803000-K';

/** EnvioDTE_v10.xsd (docs/research/sii-protocol.md §1.9, §3.1): rutEnvia signs and uploads; rutReceptor {@link SII_RUT} or a receiver. */
export interface CaratulaInput {
  rutEmisor: string;
  rutEnvia: string;
  rutReceptor: string;
  fchResol: string;
  nroResol: number;
  tmstFirmaEnv: string;
}

export interface EnvioDteInput {
  caratula: CaratulaInput;
  /** Signed DTE elements, 1 to 2000. */
  signedDtes: string[];
}

/** Drops a BOM, XML declaration and surrounding whitespace; the element stays as is. */
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

/** Read from text: the DTE is not re-parsed. */
function firstValue(dte: string, tag: string): string | undefined {
  const enc = sliceElements(dte, 'Encabezado')[0] ?? '';
  return new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`).exec(enc)?.[1];
}

/**
 * Unsigned ISO-8859-1 EnvioDTE (`SetDoc`), the DTEs byte-for-byte; no xmlns:xsi, so each Documento keeps the namespaces it was signed
 * with (docs/research/sii-protocol.md §2.3). @throws DteBuildError on invalid Caratula values, 0 or > 2000 DTEs, or another RUTEmisor.
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
