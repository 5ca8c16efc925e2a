import { X509Certificate } from 'node:crypto';
import type { FakeRequest, FakeResponse } from './types';

/**
 * The TLS client certificate a request arrived with. Only the HTTPS listener of `startSiiFakeServer` fills it (msw
 * has no TLS): the certificate login page (portal-auth.ts) needs it, as herculesr.sii.cl takes the holder from the
 * certificate of the TLS handshake (docs/research/sources/README.md §1.2).
 */
export interface ClientCertificate {
  /** Subject serialNumber (OID 2.5.4.5): where Chilean personal certificates carry the holder's RUT. */
  subjectSerialNumber?: string;
  validFrom: Date;
  validTo: Date;
  /** DER bytes. */
  raw?: Buffer;
}

/** A request as the listeners hand it to `SiiFakeAuthority.handle`: a {@link FakeRequest} plus the TLS client certificate. */
export type SiiFakeRequest = FakeRequest & { clientCertificate?: ClientCertificate };

/**
 * An answer of `SiiFakeAuthority.handle`: a {@link FakeResponse} plus its `Set-Cookie` headers, one entry each (a
 * header record holds one value per name). The node listeners send them; msw handlers drop them, which only
 * matters for the certificate login, which msw cannot serve anyway.
 */
export type SiiFakeResponse = FakeResponse & { setCookies?: string[] };

/** Reads a DER certificate (what `TLSSocket.getPeerCertificate().raw` gives) into a {@link ClientCertificate}. */
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
