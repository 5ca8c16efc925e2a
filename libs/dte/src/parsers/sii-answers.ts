import { decodeXml } from '../xml/encoding';
import { DteParseError, excerpt } from '../errors';
import { PlainElement, parsePlainXml, plainChildren, plainText } from '../xml/plain';

/** A `SII:RESPUESTA` document, read with xml2js as plain objects (xml/plain.ts) (CrSeed, GetTokenFromSeed, QueryEstUp, QueryEstDte answers). */
export interface SiiRespuesta {
  /** RESP_HDR/ESTADO (e.g. "00", "EPR", "001"). */
  estado: string;
  /** RESP_HDR/GLOSA (or GLOSA_ESTADO), when present. */
  glosa?: string;
  /** Every RESP_HDR child by local name. */
  header: Record<string, string>;
  /** RESP_BODY children as groups: a new group starts when a name repeats (QueryEstUp TIPO_DOCTO groups). */
  body: Record<string, string>[];
}

/** Result of a DTEUpload (`RECEPCIONDTE`); STATUS 0 = received (docs/research/sii-protocol.md §2.4). */
export interface RecepcionDte {
  status: number;
  trackid?: string;
  /** DETAIL/ERROR texts. */
  errors: string[];
  timestamp?: string;
  file?: string;
}

function entries(el: PlainElement): [string, string][] {
  return el.children.map((c) => [c.name, c.text]);
}

/**
 * Parses `<SII:RESPUESTA>` (prefix-agnostic): header from RESP_HDR, body from RESP_BODY (either order),
 * the body split into groups when an element name repeats (QueryEstUp repeats TIPO_DOCTO, INFORMADOS,
 * ACEPTADOS, RECHAZADOS, REPAROS per document type; docs/research/sii-protocol.md §2.2, §2.5).
 * @throws DteParseError when it is not a RESPUESTA or has no ESTADO.
 */
export function parseSiiRespuesta(xml: string | Buffer): SiiRespuesta {
  const root = parsePlainXml(decodeXml(xml));
  if (root.name !== 'RESPUESTA') throw new DteParseError(`not an SII RESPUESTA: <${root.name}>`);
  const header: Record<string, string> = {};
  for (const hdr of plainChildren(root, 'RESP_HDR')) {
    for (const [k, v] of entries(hdr)) if (!(k in header)) header[k] = v;
  }
  const body: Record<string, string>[] = [];
  for (const part of plainChildren(root, 'RESP_BODY')) {
    let group: Record<string, string> | undefined;
    for (const [k, v] of entries(part)) {
      if (!group || k in group) body.push((group = {}));
      group[k] = v;
    }
  }
  const estado = header['ESTADO'];
  if (estado === undefined || estado === '') throw new DteParseError('SII RESPUESTA without RESP_HDR/ESTADO');
  const glosa = header['GLOSA'] ?? header['GLOSA_ESTADO'];
  return { estado, ...(glosa ? { glosa } : {}), header, body };
}

/**
 * Parses the DTEUpload answer `<RECEPCIONDTE>` (STATUS, TRACKID, DETAIL/ERROR). A missing or
 * non-numeric STATUS is an error, never 0: the SII can answer with an HTML page or a bare "Error 500"
 * (docs/research/sii-protocol.md §2.4; LibreDTE retries on "Error 500").
 * @throws DteParseError when the answer is not a RECEPCIONDTE with a numeric STATUS.
 */
export function parseRecepcionDte(xml: string | Buffer): RecepcionDte {
  let root: PlainElement;
  const text = typeof xml === 'string' ? xml : xml.toString('latin1');
  try {
    root = parsePlainXml(decodeXml(xml));
  } catch {
    throw new DteParseError(`upload answer is not XML: "${excerpt(text)}"`);
  }
  if (root.name !== 'RECEPCIONDTE') throw new DteParseError(`upload answer is not RECEPCIONDTE: <${root.name}>`);
  const status = plainText(root, 'STATUS');
  if (status === undefined || !/^\d+$/.test(status)) {
    throw new DteParseError(`upload answer without a numeric STATUS: "${excerpt(text)}"`);
  }
  const errors = plainChildren(root, 'DETAIL').flatMap((d) => plainChildren(d, 'ERROR').map((e) => e.text));
  const trackid = plainText(root, 'TRACKID');
  const timestamp = plainText(root, 'TIMESTAMP');
  const file = plainText(root, 'FILE');
  return {
    status: Number(status),
    errors,
    ...(trackid ? { trackid } : {}),
    ...(timestamp ? { timestamp } : {}),
    ...(file ? { file } : {}),
  };
}
