import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { escapeXml, santiagoDate } from '@lib/dte';
import type { SiiFakeState } from './state';
import { bytesFirmados } from './internal/timbre';
import { normalizeRut } from './internal/rut';
import { contribuyenteFor } from './taxpayers';
import { jsonResponse, type FakeResponse } from './types';

/** Formato DTE v2.2, TipoDTE. */
const TIPOS = new Set([33, 34, 39, 41, 43, 46, 52, 56, 61, 110, 111, 112]);

export interface CafRequest {
  rut: string;
  tipo_dte: number;
  desde: number;
  hasta: number;
}

/** A CAF (docs/research/sii-protocol.md §3.4) with a fresh 512-bit e=3 folio key as real CAFs have; 409 for a range overlapping an issued one. */
export function issueCaf(authority: SiiFakeState, input: unknown): FakeResponse {
  const req = input as Partial<CafRequest> | null;
  const rut = typeof req?.rut === 'string' ? normalizeRut(req.rut) : undefined;
  const tipo = Number(req?.tipo_dte);
  const desde = Number(req?.desde);
  const hasta = Number(req?.hasta);
  if (!rut) return problem(400, 'invalid_rut', 'rut must be a valid RUT (modulo 11)');
  if (!TIPOS.has(tipo)) return problem(400, 'validation_failed', `tipo_dte ${req?.tipo_dte} is not a DTE type`);
  if (!Number.isInteger(desde) || !Number.isInteger(hasta) || desde < 1 || hasta < desde || hasta > 9_999_999_999) {
    return problem(400, 'validation_failed', 'desde and hasta must be integers with 1 <= desde <= hasta');
  }
  const clash = authority.cafs.find((c) => c.rut === rut && c.tipo === tipo && desde <= c.hasta && c.desde <= hasta);
  if (clash) {
    return problem(409, 'conflict', `folios ${clash.desde}-${clash.hasta} of type ${tipo} were already authorized for ${rut}`);
  }
  const file = buildCafFile(authority, rut, tipo, desde, hasta);
  authority.cafs.push({ rut, tipo, desde, hasta, issuedAt: authority.now(), file });
  return {
    status: 200,
    headers: {
      'content-type': 'text/xml; charset=ISO-8859-1',
      'content-disposition': `attachment; filename="FoliosSII${rut.replace('-', '')}${tipo}${desde}.xml"`,
    },
    body: file,
  };
}

function buildCafFile(authority: SiiFakeState, rut: string, tipo: number, desde: number, hasta: number): Buffer {
  const folioKey = generateKeyPairSync('rsa', { modulusLength: 512, publicExponent: 3 });
  const jwk = folioKey.publicKey.export({ format: 'jwk' });
  const rs = contribuyenteFor(rut).razon_social.slice(0, 40);
  const da =
    '<DA>\n' +
    `<RE>${rut}</RE>\n<RS>${escapeXml(rs)}</RS>\n<TD>${tipo}</TD>\n` +
    `<RNG><D>${desde}</D><H>${hasta}</H></RNG>\n` +
    `<FA>${santiagoDate(authority.now())}</FA>\n` +
    `<RSAPK><M>${b64(jwk.n)}</M><E>${b64(jwk.e)}</E></RSAPK>\n` +
    `<IDK>${authority.options.cafIdk}</IDK>\n` +
    '</DA>';
  // Signed the way the stand-in verifies it (internal/timbre.ts), never through libs/dte's serialization.
  const frma = sign('sha1', bytesFirmados(da), createPrivateKey(authority.keyMaterial.privateKeyPem)).toString('base64');
  const xml =
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n<AUTORIZACION>\n<CAF version="1.0">\n' +
    `${da}\n<FRMA algoritmo="SHA1withRSA">${frma}</FRMA>\n</CAF>\n` +
    `<RSASK>${folioKey.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString().trim()}\n</RSASK>\n` +
    `<RSAPUBK>${folioKey.publicKey.export({ type: 'spki', format: 'pem' }).toString().trim()}\n</RSAPUBK>\n` +
    '</AUTORIZACION>\n';
  return Buffer.from(xml, 'latin1');
}

function b64(base64url: string | undefined): string {
  return Buffer.from(base64url ?? '', 'base64url').toString('base64');
}

function problem(status: number, error: string, detail: string): FakeResponse {
  return jsonResponse(status, { error, detail });
}
