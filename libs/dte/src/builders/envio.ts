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
  signedDtes: string[];
}

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

/** Read from the text: the signed DTE is not parsed again. */
function firstValue(dte: string, tag: string): string | undefined {
  const enc = sliceElements(dte, 'Encabezado')[0] ?? '';
  return new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`).exec(enc)?.[1];
}

/** What an envelope schema allows: EnvioDTE_v10.xsd (2000 DTEs, 20 types) or EnvioBOLETA_v11.xsd (500 boletas, 39 and 41). */
interface Sobre {
  root: 'EnvioDTE' | 'EnvioBOLETA';
  maxDtes: number;
  maxTipos: number;
  tipos?: readonly number[];
}

const ENVIO_DTE: Sobre = { root: 'EnvioDTE', maxDtes: 2000, maxTipos: 20 };
const ENVIO_BOLETA: Sobre = { root: 'EnvioBOLETA', maxDtes: 500, maxTipos: 2, tipos: [39, 41] };

/** Unsigned ISO-8859-1 EnvioDTE (`SetDoc`), the DTEs byte for byte; no xmlns:xsi, so each keeps the namespaces it was signed with
 * (docs/research/sii-protocol.md §2.3). @throws DteBuildError on invalid Caratula values, 0 or > 2000 DTEs, or another RUTEmisor. */
export function buildEnvioDte(input: EnvioDteInput): string {
  return buildSobre(input, ENVIO_DTE);
}

/** As {@link buildEnvioDte}, an EnvioBOLETA of 1 to 500 boletas 39 or 41 (docs/research/boletas.md §2). @throws DteBuildError likewise */
export function buildEnvioBoleta(input: EnvioDteInput): string {
  return buildSobre(input, ENVIO_BOLETA);
}

function buildSobre(input: EnvioDteInput, sobre: Sobre): string {
  const dtes = input.signedDtes.map(dteElement);
  if (dtes.length === 0 || dtes.length > sobre.maxDtes) throw new DteBuildError(`an ${sobre.root} holds 1 to ${sobre.maxDtes} DTEs`);
  const caratula = caratulaXml(input.caratula, contarTipos(dtes, input.caratula.rutEmisor, sobre));
  return (
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n' +
    `<${sobre.root} xmlns="http://www.sii.cl/SiiDte" version="1.0"><SetDTE ID="SetDoc">` +
    caratula +
    dtes.join('') +
    `</SetDTE></${sobre.root}>`
  );
}

function contarTipos(dtes: string[], rutEmisor: string, sobre: Sobre): Map<number, number> {
  const counts = new Map<number, number>();
  dtes.forEach((dte, n) => {
    const tipo = Number(firstValue(dte, 'TipoDTE'));
    if (!Number.isInteger(tipo) || tipo <= 0) throw new DteBuildError(`signedDtes[${n}] has no TipoDTE`);
    if (sobre.tipos && !sobre.tipos.includes(tipo)) {
      throw new DteBuildError(`signedDtes[${n}] is a ${tipo}: an ${sobre.root} holds ${sobre.tipos.join(', ')}`);
    }
    const emisor = firstValue(dte, 'RUTEmisor');
    if (emisor !== rutEmisor) throw new DteBuildError(`signedDtes[${n}] RUTEmisor ${emisor} differs from Caratula RutEmisor ${rutEmisor}`);
    counts.set(tipo, (counts.get(tipo) ?? 0) + 1);
  });
  if (counts.size > sobre.maxTipos) throw new DteBuildError(`at most ${sobre.maxTipos} document types per ${sobre.root}`);
  return counts;
}

function caratulaXml(c: CaratulaInput, counts: Map<number, number>): string {
  if (!Number.isSafeInteger(c.nroResol) || c.nroResol < 0 || c.nroResol > 999_999) {
    throw new DteBuildError(`nroResol must be an integer 0..999999, got ${c.nroResol}`);
  }
  const subtot = [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([tipo, n]) => `<SubTotDTE>${el('TpoDTE', tipo)}${el('NroDTE', posInt('NroDTE', n))}</SubTotDTE>`)
    .join('');
  return (
    '<Caratula version="1.0">' +
    el('RutEmisor', rut('RutEmisor', c.rutEmisor)) +
    el('RutEnvia', rut('RutEnvia', c.rutEnvia)) +
    el('RutReceptor', rut('RutReceptor', c.rutReceptor)) +
    el('FchResol', fecha('FchResol', c.fchResol)) +
    `<NroResol>${c.nroResol}</NroResol>` +
    el('TmstFirmaEnv', timestamp('TmstFirmaEnv', c.tmstFirmaEnv)) +
    subtot +
    '</Caratula>'
  );
}
