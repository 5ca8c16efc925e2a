// Test-only material: generated CAFs, keys and a stand-in XMLDSig signer. No real authority data.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import type { DocumentoInput } from '../src';
import { DteBuildError } from '../src/errors';

/** The SII's own example EnvioDTE (copied from shared/sii/samples; allowed as a parsing fixture). */
export const OFFICIAL_EXAMPLE = join(__dirname, 'data', 'F60T33-official-sii-example.xml');
export const officialExample = (): Buffer => readFileSync(OFFICIAL_EXAMPLE);

const b64 = (buf: Buffer) => buf.toString('base64');

/** An "authority" key with a self-signed certificate, standing in for the SII CAF signer. */
export function generateAuthority(cn = 'Test CAF Authority'): { key: KeyObject; certPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date('2020-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2040-01-01T00:00:00Z');
  const attrs = [{ name: 'commonName', value: cn }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()), forge.md.sha1.create());
  return { key: privateKey, certPem: forge.pki.certificateToPem(cert) };
}

export interface GeneratedCaf {
  /** The CAF file as ISO-8859-1 bytes, indented like the SII's files. */
  bytes: Buffer;
  folioKey: KeyObject;
  authority: { key: KeyObject; certPem: string };
}

/** A CAF file like the SII's: 512-bit RSA folio key with e=3, DA signed by `authority` (RSA-SHA1, Latin-1). */
export function generateCaf(
  opts: {
    re?: string;
    rs?: string;
    td?: number;
    desde?: number;
    hasta?: number;
    fa?: string;
    idk?: number;
    authority?: { key: KeyObject; certPem: string };
  } = {},
): GeneratedCaf {
  const { re = '76086428-5', rs = 'COMERCIAL ÑANDÚ LIMITADA', td = 33, desde = 1, hasta = 100, fa = '2025-01-15', idk = 666 } = opts;
  const authority = opts.authority ?? generateAuthority();
  const folio = generateKeyPairSync('rsa', { modulusLength: 512, publicExponent: 3 });
  const jwk = folio.publicKey.export({ format: 'jwk' });
  const m = b64(Buffer.from(jwk.n as string, 'base64url'));
  const e = b64(Buffer.from(jwk.e as string, 'base64url'));
  const da =
    `<DA>\n\t\t\t<RE>${re}</RE>\n\t\t\t<RS>${rs}</RS>\n\t\t\t<TD>${td}</TD>\n\t\t\t<RNG><D>${desde}</D><H>${hasta}</H></RNG>\n` +
    `\t\t\t<FA>${fa}</FA>\n\t\t\t<RSAPK><M>${m}</M><E>${e}</E></RSAPK>\n\t\t\t<IDK>${idk}</IDK>\n\t\t</DA>`;
  const flat = da.replace(/>[ \t\r\n]+</g, '><');
  const frma = b64(sign('RSA-SHA1', Buffer.from(flat, 'latin1'), authority.key));
  const xml =
    `<?xml version="1.0" encoding="ISO-8859-1"?>\n<AUTORIZACION>\n\t<CAF version="1.0">\n\t\t${da}\n` +
    `\t\t<FRMA algoritmo="SHA1withRSA">${frma}</FRMA>\n\t</CAF>\n` +
    `\t<RSASK>${folio.privateKey.export({ type: 'pkcs1', format: 'pem' })}</RSASK>\n` +
    `\t<RSAPUBK>${folio.publicKey.export({ type: 'spki', format: 'pem' })}</RSAPUBK>\n</AUTORIZACION>\n`;
  return { bytes: Buffer.from(xml, 'latin1'), folioKey: folio.privateKey, authority };
}

/** FRMT over a flattened DD as the signing service computes it. */
export function signDd(dd: string, folioKey: KeyObject): string {
  return b64(sign('RSA-SHA1', Buffer.from(dd, 'latin1'), folioKey));
}

/** A personal-certificate stand-in for XMLDSig (what tools/dev-signer does). */
export function generateSigner(): { key: KeyObject; certPem: string } {
  return generateAuthority('Test Signer 11111111-1');
}

/**
 * Enveloped XMLDSig as the SII wants it (C14N 2001, rsa-sha1, sha1, KeyValue + X509Data), appended as
 * the last child of the document element; reference `#id`.
 */
export function signXml(xml: string, id: string, signer: { key: KeyObject; certPem: string }): string {
  const jwk = signer.key.export({ format: 'jwk' });
  const certB64 = signer.certPem.replace(/-----[^-]+-----|\s+/g, '');
  const sig = new SignedXml({
    privateKey: signer.key.export({ type: 'pkcs1', format: 'pem' }),
    canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    getKeyInfoContent: () =>
      `<KeyValue><RSAKeyValue><Modulus>${b64(Buffer.from(jwk.n as string, 'base64url'))}</Modulus>` +
      `<Exponent>${b64(Buffer.from(jwk.e as string, 'base64url'))}</Exponent></RSAKeyValue></KeyValue>` +
      `<X509Data><X509Certificate>${certB64}</X509Certificate></X509Data>`,
  });
  sig.addReference({
    xpath: `//*[@ID='${id}']`,
    transforms: ['http://www.w3.org/TR/2001/REC-xml-c14n-20010315'],
    digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
    uri: `#${id}`,
  });
  sig.computeSignature(xml, { location: { reference: '/*', action: 'append' } });
  return sig.getSignedXml();
}

/** A realistic factura (33) with an exempt line, a long receiver name and characters to escape. */
export function sampleDocumento(over: Partial<DocumentoInput> = {}): DocumentoInput {
  return {
    tipo_dte: 33,
    folio: 7,
    fecha_emision: '2025-03-10',
    forma_pago: 1,
    emisor: {
      rut: '76086428-5',
      razon_social: 'COMERCIAL ÑANDÚ LIMITADA',
      giro: 'Venta al por menor de artículos de ferretería y materiales de construcción, importación',
      acteco: [475201],
      direccion: 'Av. Providencia 1234, oficina 56',
      comuna: 'Providencia',
      ciudad: 'Santiago',
    },
    receptor: {
      rut: '77777777-7',
      razon_social: 'Constructora "Los Andes" & Asociados <Ingeniería> SpA',
      giro: 'Construcción de edificios para uso residencial y no residencial',
      direccion: 'Camino a Farellones 18000, Lo Barnechea, Región Metropolitana, Chile, Sudamérica',
      comuna: 'Lo Barnechea',
      ciudad: 'Santiago',
    },
    detalle: [
      { nombre: 'Tornillo autorroscante 8x1" (caja 100)', cantidad: 3, precio_unitario: 4990 },
      { nombre: 'Servicio de flete', cantidad: 1, precio_unitario: 12500.5 },
      { nombre: 'Libro técnico (exento)', cantidad: 2, precio_unitario: 8000, exento: true },
    ],
    ...over,
  };
}

/** A credit sale (FmaPago 2) in two installments, on 2025-03-25 and on the due date 2025-04-09. */
export function ventaEnDosCuotas(primera: number, segunda: number): Partial<DocumentoInput> {
  return {
    forma_pago: 2,
    fecha_vencimiento: '2025-04-09',
    pagos: [
      { fecha: '2025-03-25', monto: primera, glosa: 'Primera cuota' },
      { fecha: '2025-04-09', monto: segunda },
    ],
  };
}

/** The whole emission chain as the gateway runs it: DD -> FRMT -> TED -> DTE -> signed DTE. */
export async function emitSignedDte(
  doc: DocumentoInput,
  generated: GeneratedCaf,
  signer: { key: KeyObject; certPem: string },
  when = '2025-03-10T11:22:33',
): Promise<string> {
  const dte = await import('../src');
  const caf = dte.parseCaf(generated.bytes);
  const dd = dte.buildDd(dte.ddInputFromDocumento(doc, caf.cafXml, when));
  const ted = dte.buildTed(dd, signDd(dd, generated.folioKey));
  return signXml(dte.buildDte(doc, ted, when), `F${doc.folio}T${doc.tipo_dte}`, signer);
}

/** The message of the DteBuildError `fn` throws, or undefined when it throws none (any other error is rethrown). */
export function buildErrorOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    if (err instanceof DteBuildError) return err.message;
    throw err;
  }
}
