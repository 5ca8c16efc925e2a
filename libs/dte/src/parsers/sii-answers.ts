import { decodeXml } from '../xml/encoding';
import { DteParseError, excerpt } from '../errors';
import { PlainElement, parsePlainXml, plainChildren, plainText } from '../xml/plain';

/** `SII:RESPUESTA` as plain objects; RESP_BODY as groups, a new one starting when a name repeats (QueryEstUp TIPO_DOCTO). */
export interface SiiRespuesta {
  estado: string;
  glosa?: string;
  header: Record<string, string>;
  body: Record<string, string>[];
}

/** A DTEUpload answer (`RECEPCIONDTE`); STATUS 0 = received (docs/research/sii-protocol.md §2.4); errors the DETAIL/ERROR texts. */
export interface RecepcionDte {
  status: number;
  trackid?: string;
  errors: string[];
  timestamp?: string;
  file?: string;
}

function entries(el: PlainElement): [string, string][] {
  return el.children.map((c) => [c.name, c.text]);
}

/** Prefix-agnostic, RESP_HDR and RESP_BODY in either order (docs/research/sii-protocol.md §2.2, §2.5). @throws DteParseError */
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

/** A missing STATUS is an error, never 0: the SII may answer HTML or "Error 500" (docs/research/sii-protocol.md §2.4). @throws DteParseError */
export function parseRecepcionDte(xml: string | Buffer): RecepcionDte {
  return parseRecepcion(xml, 'RECEPCIONDTE');
}

/** RTCAnotEnvio's `<RECEPCIONAEC>` (docs/research/cesion.md §2, SII "Envío Automático de AEC" §3): STATUS 0 with TRACKID, else 1 no
 * permission, 2 file size, 4 missing parameters, 5 token, 6 company not DTE, 9/10 internal error. @throws DteParseError without one */
export function parseRecepcionAec(xml: string | Buffer): RecepcionDte {
  return parseRecepcion(xml, 'RECEPCIONAEC');
}

function parseRecepcion(xml: string | Buffer, raiz: 'RECEPCIONDTE' | 'RECEPCIONAEC'): RecepcionDte {
  let root: PlainElement;
  const text = typeof xml === 'string' ? xml : xml.toString('latin1');
  try {
    root = parsePlainXml(decodeXml(xml));
  } catch {
    throw new DteParseError(`upload answer is not XML: "${excerpt(text)}"`);
  }
  if (root.name !== raiz) throw new DteParseError(`upload answer is not ${raiz}: <${root.name}>`);
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
