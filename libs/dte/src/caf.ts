import { createPrivateKey, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { decodeXml, encodeLatin1, flattenXml } from './xml/encoding';
import { DteParseError } from './errors';
import { childElements, numAt, localName, parseXml, requiredText, textAt } from './xml/dom';
import { sliceElements } from './xml-slice';

/** A CAF's `RSAPK`: base64 modulus and exponent. */
export interface RsaPk {
  m: string;
  e: string;
}

/** A CAF (`AUTORIZACION`; docs/research/sii-protocol.md §3.4): idk 100 certification, 300 production; XML slices verbatim for the TED. */
export interface Caf {
  re: string;
  rs: string;
  td: number;
  desde: number;
  hasta: number;
  fa: string;
  rsapk: RsaPk;
  idk: number;
  frma: string;
  cafXml: string;
  daXml: string;
  rsask?: string;
  rsapubk?: string;
}

const noSpace = (s: string) => s.replace(/\s+/g, '');

/** Without re-serializing; signatures are checked apart. @throws DteParseError when not an AUTORIZACION with one CAF/DA and fields. */
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

/** FRMA over the flattened DA in ISO-8859-1 (docs/research/sii-protocol.md §1.8, §2.3; verified with IDK 100 and 300). @throws DteParseError */
export function verifyCafSignature(caf: Caf, certificatePem: string): boolean {
  const key = readPublicKey(certificatePem);
  try {
    return verify('RSA-SHA1', encodeLatin1(flattenXml(caf.daXml)), key, Buffer.from(caf.frma, 'base64'));
  } catch {
    return false;
  }
}

/** RSAPK M/E as a KeyObject. @throws DteParseError on a malformed key. */
export function cafPublicKey(rsapk: RsaPk): KeyObject {
  try {
    const n = Buffer.from(rsapk.m, 'base64').toString('base64url');
    const e = Buffer.from(rsapk.e, 'base64').toString('base64url');
    return createPublicKey({ key: { kty: 'RSA', n, e }, format: 'jwk' });
  } catch (err) {
    throw new DteParseError(`malformed RSAPK: ${(err as Error).message}`);
  }
}

/** SPKI PEM from RSAPK M/E. @throws DteParseError */
export function cafPublicKeyPem(caf: Caf): string {
  return cafPublicKey(caf.rsapk).export({ type: 'spki', format: 'pem' }).toString();
}

/** RSASK is the private half of RSAPK (LibreDTE's check, docs/research/sii-protocol.md §3.4 step b); false when absent. */
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

/** `frmt` is RSA-SHA1 of the CAF key over the flattened DD in ISO-8859-1 (docs/research/sii-protocol.md §1.7, §2.3). */
export function verifyTedSignature(ddXml: string, frmt: string, rsapk: RsaPk): boolean {
  try {
    return verify('RSA-SHA1', encodeLatin1(flattenXml(ddXml)), cafPublicKey(rsapk), Buffer.from(noSpace(frmt), 'base64'));
  } catch {
    return false;
  }
}

/** CAF types that expire 6 months after FA (docs/research/sii-protocol.md §1.10; the SII: "CAF Vencido"). */
const EXPIRING_TYPES = new Set([33, 43, 46, 56, 61]);

/** Last usable date (YYYY-MM-DD): FA + 6 months - 1 day (docs/research/sii-protocol.md §1.10: LibreDTE 180 days, SII "> 6 meses"); else undefined. */
export function cafLastValidDate(caf: Pick<Caf, 'td' | 'fa'>): string | undefined {
  if (!EXPIRING_TYPES.has(caf.td)) return undefined;
  const [y, m, d] = caf.fa.split('-').map(Number);
  const daysInTarget = new Date(Date.UTC(y, m - 1 + 7, 0)).getUTCDate();
  const sixMonths = Date.UTC(y, m - 1 + 6, Math.min(d, daysInTarget));
  return new Date(sixMonths - 86_400_000).toISOString().slice(0, 10);
}
