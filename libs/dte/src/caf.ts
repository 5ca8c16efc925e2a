import { createPrivateKey, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { decodeXml, encodeLatin1, flattenXml } from './xml/encoding';
import { DteParseError } from './errors';
import { childElements, numAt, localName, parseXml, requiredText, textAt } from './xml/dom';
import { sliceElements } from './xml-slice';

/** RSA public key of a CAF as published in `RSAPK`: base64 modulus and exponent. */
export interface RsaPk {
  m: string;
  e: string;
}

/**
 * A folio authorization (CAF file, `AUTORIZACION`); Formato DTE v2.2, docs/research/sii-protocol.md §3.4.
 * `cafXml` and `daXml` are verbatim slices of the decoded file (the TED must carry the CAF unchanged).
 */
export interface Caf {
  /** RUT of the issuer (DA/RE). */
  re: string;
  /** Razón social (DA/RS, ≤ 40). */
  rs: string;
  /** Document type (DA/TD). */
  td: number;
  /** First and last authorized folio (DA/RNG D, H), inclusive. */
  desde: number;
  hasta: number;
  /** Authorization date YYYY-MM-DD (DA/FA). */
  fa: string;
  rsapk: RsaPk;
  /** Key id of the authority key that signed FRMA: 100 certification, 300 production. */
  idk: number;
  /** Base64 SHA1withRSA signature of the authority over the flattened DA. */
  frma: string;
  /** `<CAF version="1.0">...</CAF>` exactly as in the file. */
  cafXml: string;
  /** `<DA>...</DA>` exactly as in the file. */
  daXml: string;
  /** PEM of the folio private key (RSASK), when the file carries it. */
  rsask?: string;
  /** PEM of the folio public key (RSAPUBK), when the file carries it. */
  rsapubk?: string;
}

const noSpace = (s: string) => s.replace(/\s+/g, '');

/**
 * Parses a CAF file (ISO-8859-1 bytes, or any encoding `decodeXml` reads). Nothing is re-serialized:
 * `cafXml`/`daXml` are sliced out of the decoded text. Signatures are not checked here
 * (see `verifyCafSignature`, `cafKeyPairMatches`).
 * @throws DteParseError when the input is not an AUTORIZACION with one CAF/DA and the required fields.
 */
export function parseCaf(bytes: Buffer | string): Caf {
  const text = decodeXml(bytes);
  const root = parseXml(text);
  if (localName(root) !== 'AUTORIZACION') {
    throw new DteParseError(`not a CAF file: root element is <${root.nodeName}>, expected <AUTORIZACION>`);
  }
  const cafEls = childElements(root, 'CAF');
  const cafXml = sliceElements(text, 'CAF');
  if (cafEls.length !== 1 || cafXml.length !== 1) throw new DteParseError('a CAF file must hold exactly one <CAF>');
  const caf = cafEls[0];
  const daXml = sliceElements(cafXml[0], 'DA');
  if (daXml.length !== 1) throw new DteParseError('the CAF must hold exactly one <DA>');
  const num = (path: string) => {
    const n = numAt(caf, path);
    if (n === undefined || !Number.isInteger(n)) throw new DteParseError(`CAF ${path} is missing or not an integer`);
    return n;
  };
  const rsask = textAt(root, 'RSASK');
  const rsapubk = textAt(root, 'RSAPUBK');
  return {
    re: requiredText(caf, 'DA/RE'),
    rs: requiredText(caf, 'DA/RS'),
    td: num('DA/TD'),
    desde: num('DA/RNG/D'),
    hasta: num('DA/RNG/H'),
    fa: requiredText(caf, 'DA/FA'),
    rsapk: { m: noSpace(requiredText(caf, 'DA/RSAPK/M')), e: noSpace(requiredText(caf, 'DA/RSAPK/E')) },
    idk: num('DA/IDK'),
    frma: noSpace(requiredText(caf, 'FRMA')),
    cafXml: cafXml[0],
    daXml: daXml[0],
    ...(rsask ? { rsask } : {}),
    ...(rsapubk ? { rsapubk } : {}),
  };
}

function readPublicKey(pem: string): KeyObject {
  try {
    return createPublicKey(pem);
  } catch (e) {
    throw new DteParseError(`not a PEM certificate or public key: ${(e as Error).message}`);
  }
}

/**
 * True when FRMA is a valid RSA-SHA1 (PKCS#1 v1.5) signature of `certificatePem`'s key over the
 * flattened DA encoded in ISO-8859-1 (docs/research/sii-protocol.md §1.8 and §2.3, verified with the SII
 * certificates of IDK 100 and 300). `certificatePem` may be an X.509 certificate or a public key.
 * @throws DteParseError when `certificatePem` cannot be read as a key.
 */
export function verifyCafSignature(caf: Caf, certificatePem: string): boolean {
  const key = readPublicKey(certificatePem);
  try {
    return verify('RSA-SHA1', encodeLatin1(flattenXml(caf.daXml)), key, Buffer.from(caf.frma, 'base64'));
  } catch {
    return false;
  }
}

/** The CAF public key (RSAPK M/E) as a KeyObject. @throws DteParseError on a malformed key. */
export function cafPublicKey(rsapk: RsaPk): KeyObject {
  try {
    const n = Buffer.from(rsapk.m, 'base64').toString('base64url');
    const e = Buffer.from(rsapk.e, 'base64').toString('base64url');
    return createPublicKey({ key: { kty: 'RSA', n, e }, format: 'jwk' });
  } catch (err) {
    throw new DteParseError(`malformed RSAPK: ${(err as Error).message}`);
  }
}

/** SPKI PEM ("BEGIN PUBLIC KEY") built from the CAF's RSAPK M/E. @throws DteParseError */
export function cafPublicKeyPem(caf: Caf): string {
  return cafPublicKey(caf.rsapk).export({ type: 'spki', format: 'pem' }).toString();
}

/**
 * True when the CAF's RSASK is the private half of RSAPK (LibreDTE's CAF check, docs/research/sii-protocol.md §3.4 step b).
 * False when RSASK is absent or unreadable.
 */
export function cafKeyPairMatches(caf: Caf): boolean {
  if (!caf.rsask) return false;
  try {
    const priv = createPrivateKey(caf.rsask).export({ format: 'jwk' });
    const pub = cafPublicKey(caf.rsapk).export({ format: 'jwk' });
    return priv.n === pub.n && priv.e === pub.e;
  } catch {
    return false;
  }
}

/**
 * True when `frmt` (base64) is the RSA-SHA1 signature of the CAF key over the flattened `ddXml` in
 * ISO-8859-1: the TED rule (docs/research/sii-protocol.md §1.7, §2.3; checked on the SII's own example).
 */
export function verifyTedSignature(ddXml: string, frmt: string, rsapk: RsaPk): boolean {
  try {
    return verify('RSA-SHA1', encodeLatin1(flattenXml(ddXml)), cafPublicKey(rsapk), Buffer.from(noSpace(frmt), 'base64'));
  } catch {
    return false;
  }
}

/** CAF types that expire 6 months after FA (docs/research/sii-protocol.md §1.10; the SII: "CAF Vencido"). */
const EXPIRING_TYPES = new Set([33, 43, 46, 56, 61]);

/**
 * The last calendar date (YYYY-MM-DD) on which folios of this CAF may be used, or undefined when the
 * type does not expire. Rule: FA + 6 months, minus one day (docs/research/sii-protocol.md §1.10, [P] LibreDTE
 * uses 180 days; the SII message says "> 6 meses").
 */
export function cafLastValidDate(caf: Pick<Caf, 'td' | 'fa'>): string | undefined {
  if (!EXPIRING_TYPES.has(caf.td)) return undefined;
  const [y, m, d] = caf.fa.split('-').map(Number);
  const daysInTarget = new Date(Date.UTC(y, m - 1 + 7, 0)).getUTCDate();
  const sixMonths = Date.UTC(y, m - 1 + 6, Math.min(d, daysInTarget));
  return new Date(sixMonths - 86_400_000).toISOString().slice(0, 10);
}
