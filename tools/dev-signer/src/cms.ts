import * as forge from 'node-forge';
import type { SignerIdentity } from './keystore';

/** Attached CMS SignedData (RFC 5652), SHA-256, signed attributes, certificate included, DER: audit receipts (docs/DESIGN.md §4.3). */
export function signCms(data: Buffer, identity: SignerIdentity): Buffer {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(data.toString('binary'));
  const certificate = forge.pki.certificateFromPem(identity.certificatePem);
  p7.addCertificate(certificate);
  p7.addSigner({
    key: forge.pki.privateKeyFromPem(identity.privateKeyPem),
    certificate,
    digestAlgorithm: forge.pki.oids.sha256,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest },
      { type: forge.pki.oids.signingTime, value: new Date() as unknown as string },
    ],
  });
  p7.sign({ detached: false });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
}
