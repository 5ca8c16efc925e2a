import { X509Certificate } from 'node:crypto';
import type { FakeRequest, FakeResponse } from './types';

/** Only the HTTPS listener fills it (msw has no TLS): herculesr.sii.cl takes the holder from the handshake (docs/research/sources/README.md §1.2). */
export interface ClientCertificate {
  /** OID 2.5.4.5: where Chilean personal certificates carry the holder's RUT. */
  subjectSerialNumber?: string;
  validFrom: Date;
  validTo: Date;
  raw?: Buffer;
}

export type SiiFakeRequest = FakeRequest & { clientCertificate?: ClientCertificate };

/** `Set-Cookie` one entry each; the node listeners send them, msw drops them (only the certificate login sets any, and msw cannot serve it). */
export type SiiFakeResponse = FakeResponse & { setCookies?: string[] };

/** From `TLSSocket.getPeerCertificate().raw`. */
export function clientCertificateOf(der: Buffer): ClientCertificate {
  const x509 = new X509Certificate(der);
  const serial = /(?:^|\n)serialNumber=([^\n]*)/.exec(x509.subject)?.[1];
  return {
    ...(serial ? { subjectSerialNumber: serial.trim() } : {}),
    validFrom: new Date(x509.validFrom),
    validTo: new Date(x509.validTo),
    raw: der,
  };
}
