import { escapeXml } from '@lib/dte';
// Test-only helpers: a generated personal certificate (RUT in the subject serialNumber, as the
// gateway's signer certificates have) and an enveloped XMLDSig signer with KeyValue + X509Data.
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import * as forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

export interface TestCertificate {
  privateKeyPem: string;
  certificatePem: string;
  rut: string;
}

export function makeTestCertificate(rut = '12345678-5', name = 'PERSONA DE PRUEBA'): TestCertificate {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01' + randomBytes(6).toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const subject = [
    { shortName: 'C', value: 'CL' },
    { shortName: 'CN', value: name },
    { name: 'serialNumber', value: rut },
  ];
  cert.setSubject(subject);
  cert.setIssuer([
    { shortName: 'C', value: 'CL' },
    { shortName: 'CN', value: 'AC DE PRUEBA' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return { privateKeyPem, certificatePem: forge.pki.certificateToPem(cert), rut };
}

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

/**
 * Enveloped XMLDSig as the SII expects (rsa-sha1, sha1, C14N 2001, KeyInfo RSAKeyValue + X509),
 * appended as the last child of the element matched by `locationXpath` (default the document element).
 */
export function signXml(
  xml: string,
  cert: TestCertificate,
  referenceUri: string,
  { locationXpath = '/*', keyModulusOverride }: { locationXpath?: string; keyModulusOverride?: string } = {},
): string {
  const jwk = createPublicKey(cert.privateKeyPem).export({ format: 'jwk' });
  const modulus = keyModulusOverride ?? Buffer.from(jwk.n as string, 'base64url').toString('base64');
  const exponent = Buffer.from(jwk.e as string, 'base64url').toString('base64');
  const certB64 = cert.certificatePem.replace(/-----[^-]+-----|\s+/g, '');
  const sig = new SignedXml({
    privateKey: cert.privateKeyPem,
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    canonicalizationAlgorithm: C14N,
    getKeyInfoContent: () =>
      `<KeyValue><RSAKeyValue><Modulus>${modulus}</Modulus><Exponent>${exponent}</Exponent></RSAKeyValue></KeyValue>` +
      `<X509Data><X509Certificate>${certB64}</X509Certificate></X509Data>`,
  });
  const id = referenceUri.replace(/^#/, '');
  sig.addReference({
    xpath: referenceUri === '' ? '/*' : `//*[@ID='${id}']`,
    transforms: referenceUri === '' ? ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', C14N] : [C14N],
    digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
    uri: referenceUri,
    isEmptyUri: referenceUri === '',
  });
  sig.computeSignature(xml, { location: { reference: locationXpath, action: 'append' } });
  return sig.getSignedXml();
}

/** The signed getToken document for a seed (manual autenticación v1.9 §8). */
export function signedGetToken(seed: string, cert: TestCertificate): string {
  return signXml(`<?xml version="1.0"?>\n<getToken><item><Semilla>${seed}</Semilla></item></getToken>`, cert, '');
}

/** A SOAP 1.1 rpc request like the manual's examples (another prefix than the gateway's soapRequest, on purpose). */
export function soapRequest(operation: string, ns: string, params: Record<string, string> = {}): string {
  const body = Object.entries(params)
    .map(([k, v]) => `<${k} xsi:type="xsd:string">${escapeXml(v)}</${k}>`)
    .join('');
  return (
    '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:SOAP-ENC="http://schemas.xmlsoap.org/soap/encoding/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" SOAP-ENV:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">' +
    `<SOAP-ENV:Body><m:${operation} xmlns:m="${ns}">${body}</m:${operation}></SOAP-ENV:Body></SOAP-ENV:Envelope>`
  );
}

/** The unescaped inner XML of a `*Return` element (a minimal parse for tests). */
export function soapInner(envelope: string): string {
  const m = /<(?:\w+:)?\w+Return[^>]*>([\s\S]*?)<\/(?:\w+:)?\w+Return>/.exec(envelope);
  if (!m) throw new Error(`no Return in ${envelope}`);
  return m[1]
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&');
}

export function tag(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
}
