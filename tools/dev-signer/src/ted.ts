import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Caf, cafKeyPairMatches, cafPublicKey, parseCaf, RsaPk } from '@lib/dte';
import { SignerInputError } from './xml-encoding';

export type { RsaPk };

/** Persisted as `<dataDir>/cafs/<caf_id>.json`. */
export interface StoredCaf {
  caf_id: string;
  re: string;
  td: number;
  desde: number;
  hasta: number;
  idk: string;
  rsapk: RsaPk;
  rsask_pem: string;
  registered_at: string;
}

/**
 * A CAF (docs/research/sii-protocol.md §3.4) via @lib/dte `parseCaf`, RSASK checked against RSAPK (and RSAPUBK); FRMA is the
 * gateway's check. @throws SignerInputError `bad_caf` or `caf_key_mismatch`.
 */
export function parseCafForSigning(bytes: Buffer): Omit<StoredCaf, 'registered_at'> {
  let caf: Caf;
  try {
    caf = parseCaf(bytes);
  } catch (e) {
    throw new SignerInputError('bad_caf', (e as Error).message);
  }
  if (!caf.rsask) throw new SignerInputError('bad_caf', 'missing RSASK');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(caf.rsask);
  } catch (e) {
    throw new SignerInputError('bad_caf', `RSASK is not a readable RSA private key: ${(e as Error).message}`);
  }
  if (!cafKeyPairMatches(caf)) throw new SignerInputError('caf_key_mismatch', 'RSASK is not the private key of RSAPK');
  if (caf.rsapubk && !samePublicKey(privateKey, caf.rsapubk)) {
    throw new SignerInputError('caf_key_mismatch', 'RSASK is not the private key of RSAPUBK');
  }
  const { re, td, desde, hasta, idk, rsapk } = caf;
  const caf_id = createHash('sha256')
    .update(`${re}|${td}|${desde}|${hasta}|${normalizeB64Int(rsapk.m)}`)
    .digest('hex')
    .slice(0, 32);
  return {
    caf_id,
    re,
    td,
    desde,
    hasta,
    idk: String(idk),
    rsapk,
    rsask_pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

function samePublicKey(privateKey: KeyObject, publicPem: string): boolean {
  try {
    const mine = createPublicKey(privateKey).export({ format: 'jwk' });
    const theirs = createPublicKey(publicPem).export({ format: 'jwk' });
    return mine.n === theirs.n && mine.e === theirs.e;
  } catch {
    return false;
  }
}

/** Without leading zero bytes (RSAPK M may carry one). */
function normalizeB64Int(b64: string): string {
  const bytes = Buffer.from(b64, 'base64');
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  return bytes.subarray(i).toString('base64');
}

/** Files mode 0600. */
export class CafStore {
  private readonly dir: string;
  private readonly cache = new Map<string, StoredCaf>();

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'cafs');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  /** Idempotent: same CAF -> same caf_id. */
  register(cafBytes: Buffer): string {
    const caf = parseCafForSigning(cafBytes);
    const path = this.path(caf.caf_id);
    if (!existsSync(path)) {
      const stored: StoredCaf = { ...caf, registered_at: new Date().toISOString() };
      writeFileSync(path, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
    return caf.caf_id;
  }

  /** Read once per process: a registered CAF's file never changes, and every TED signature asks for it. */
  get(cafId: string): StoredCaf | undefined {
    if (!/^[0-9a-f]{32}$/.test(cafId)) return undefined;
    const cached = this.cache.get(cafId);
    if (cached) return cached;
    const path = this.path(cafId);
    if (!existsSync(path)) return undefined;
    const caf = JSON.parse(readFileSync(path, 'utf8')) as StoredCaf;
    this.cache.set(cafId, caf);
    return caf;
  }

  private path(cafId: string): string {
    return join(this.dir, `${cafId}.json`);
  }
}

/** Each CAF's private key parsed once, by its PEM (a CAF's key never changes). */
const cafKeys = new Map<string, KeyObject>();

/** RSA-SHA1 PKCS#1 v1.5 over the flattened DD exactly as given, base64 (Formato DTE v2.2 TED, docs/research/sii-protocol.md §1.7). */
export function signTed(caf: StoredCaf, ddBytes: Buffer): string {
  let key = cafKeys.get(caf.rsask_pem);
  if (!key) cafKeys.set(caf.rsask_pem, (key = createPrivateKey(caf.rsask_pem)));
  return sign('sha1', ddBytes, key).toString('base64');
}

export function verifyTed(ddBytes: Buffer, frmtB64: string, rsapk: RsaPk): { valid: boolean; reasons: string[] } {
  let key: KeyObject;
  try {
    key = cafPublicKey(rsapk);
  } catch (e) {
    return { valid: false, reasons: [`RSAPK is not a usable RSA public key: ${(e as Error).message}`] };
  }
  const frmt = Buffer.from(frmtB64.replace(/\s+/g, ''), 'base64');
  const valid = verify('sha1', ddBytes, key, frmt);
  return { valid, reasons: valid ? [] : ['FRMT does not verify over the given DD bytes with RSAPK'] };
}
