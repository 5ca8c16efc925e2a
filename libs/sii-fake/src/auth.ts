import { randomInt } from 'node:crypto';
import type { SiiFakeState } from './state';
import { certificateRut, verifySignatureElement } from './internal/xmldsig';
import { DteParseError, child, findFirst, parseXmlDocument } from '@lib/dte';
import { siiRespuesta } from './sii-respuesta';
import type { TokenRecord } from './types';

// SII manual "Autenticación Automática" v1.9 §5.2.2 and chapter 6.
const GLOSAS: Record<string, string> = {
  '01': 'XML Invalido (IOException), funcion valSignedXml',
  '02': 'XML Invalido (SAXException), funcion valSignedXml',
  '04': 'XML Invalido, elemento Signature no existe, funcion valSignedXml',
  '05': 'XML Invalido, firma invalida, funcion valSignedXml',
  '06': 'XML Invalido, elemento Semilla no existe, funcion getSeed',
  '11': 'XML Invalido, elemento Certificate no existe, funcion getCertificado',
  '21': 'Firma invalida( La llave publica no coincide con la del certificado)',
};

/** CrSeed.jws: 12 digits, valid `seedTtlSeconds` (120 per the manual). */
export function getSeed(authority: SiiFakeState): string {
  let seed: string;
  do
    seed = String(randomInt(1, 2 ** 40))
      .padStart(12, '0')
      .slice(-12);
  while (authority.seeds.has(seed));
  authority.seeds.set(seed, { seed, issuedAt: authority.now(), used: false });
  return siiRespuesta([['ESTADO', '00']], [[['SEMILLA', seed]]]);
}

/** GetTokenFromSeed.jws: the manual's ESTADO codes for each failed check; the token is bound to the certificate's RUT. */
export function getToken(authority: SiiFakeState, pszXml: string | undefined, servicio: TokenRecord['servicio'] = 'dte'): string {
  const fail = (estado: string, glosa = GLOSAS[estado]) =>
    siiRespuesta([
      ['ESTADO', estado],
      ['GLOSA', glosa],
    ]);
  if (!pszXml || !pszXml.trim()) return fail('01');
  let doc: Document;
  try {
    doc = parseXmlDocument(pszXml.trim());
  } catch (err) {
    if (err instanceof DteParseError) return fail('02');
    throw err;
  }
  const signature = child(doc.documentElement, 'Signature');
  if (!signature) return fail('04');
  const check = verifySignatureElement(pszXml.trim(), signature, '');
  if (check.problem === 'no-certificate') return fail('11');
  if (check.problem === 'key-mismatch') return fail('21');
  if (!check.ok || !check.certificate) return fail('05');
  const semilla = findFirst(doc.documentElement, 'Semilla')?.textContent?.trim();
  if (!semilla) return fail('06');
  const record = authority.seeds.get(semilla) ?? authority.seeds.get(semilla.padStart(12, '0'));
  if (!record) return fail('08', 'NO Existe SEED');
  const ageMs = authority.now().getTime() - record.issuedAt.getTime();
  if (ageMs > authority.options.seedTtlSeconds * 1000) return fail('08', 'TIME-OUT DEL SEED');
  if (record.used) return fail('08', 'NO PUEDO ACT. SEED CON TOKEN');
  record.used = true;
  const token = authority.issueToken(certificateRut(check.certificate), check.certificate.subject, servicio);
  return siiRespuesta(
    [
      ['ESTADO', '00'],
      ['GLOSA', 'Token Creado'],
    ],
    [[['TOKEN', token.token]]],
  );
}

export function tokenFromCookie(cookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(cookie) ? cookie.join('; ') : (cookie ?? '');
  const m = /(?:^|;\s*)TOKEN=([^;]*)/.exec(all);
  return m ? m[1].trim() : undefined;
}
