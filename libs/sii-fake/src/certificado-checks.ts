import type { X509Certificate } from 'node:crypto';
import { santiagoInstant } from '@lib/dte';
import type { SiiFakeState } from './state';
import { certificateRut } from './internal/xmldsig';

/** A certificate that signed part of an envío, with the time its signature states (TmstFirmaEnv, TmstFirma). */
export interface Firmante {
  /** What it signed, for the error line: "Envio", "DTE T33F1". */
  que: string;
  certificate: X509Certificate;
  /** YYYY-MM-DDTHH:MM:SS in America/Santiago, as the document writes it; undefined when absent. */
  firmadoEl?: string;
}

/**
 * The signing certificate's validity (STATUS 8 at upload, the SII's answer to a signature it cannot accept,
 * docs/research/sii-protocol.md §2.4): the time of the signature the document states (Caratula TmstFirmaEnv, a
 * Documento's TmstFirma) lies within notBefore..notAfter, and the certificate has not expired when the SII
 * receives it. The SII's code for an expired certificate at DTEUpload is not in the sources we hold; the closest
 * documented ones are STATUS 8 for signature errors (docs/research/sii-protocol.md §2.4) and, on the SII's portal, error codes ending
 * in 36 "El [Certificado Digital] que ingresó se encuentra vencido" (the SII's "códigos de mensajes de error" page,
 * 2020-02-07; its table in docs/research/sii-protocol.md §8).
 */
export function vigenciaProblems(firmantes: Firmante[], recibidoEl: Date): string[] {
  return firmantes.flatMap(({ que, certificate, firmadoEl }) => {
    const desde = new Date(certificate.validFrom);
    const hasta = new Date(certificate.validTo);
    const out: string[] = [];
    const firmado = firmadoEl ? instante(firmadoEl) : undefined;
    if (firmado && (firmado < desde || firmado > hasta)) out.push(`${que}: firmado el ${firmadoEl}, fuera de la vigencia del certificado`);
    if (recibidoEl > hasta) out.push(`${que}: certificado vencido el ${certificate.validTo}`);
    return out;
  });
}

function instante(wallClock: string): Date | undefined {
  try {
    return santiagoInstant(wallClock);
  } catch {
    return undefined;
  }
}

/**
 * The holder of each signing certificate (its RUT: subject serialNumber or the SII's subjectAltName, see
 * {@link certificateRut}) is a user authorized to send for the company (STATUS 1 "Usuario sin permiso de envio",
 * docs/research/sii-protocol.md §2.4; §10: "use the certificate of a user authorized for the company").
 * Who is authorized is the stand-in's state: {@link SiiFakeState.puedeEnviar}.
 */
export function autorizacionProblems(authority: SiiFakeState, firmantes: Firmante[], rutCompany: string): string[] {
  return firmantes
    .map(({ que, certificate }) => ({ que, rut: certificateRut(certificate) }))
    .filter(({ rut }) => !authority.puedeEnviar(rut, rutCompany))
    .map(
      ({ que, rut }) =>
        `Usuario sin permiso de envio: ${que} firmado por ${rut ?? 'un certificado sin RUT'}, no autorizado por ${rutCompany}`,
    );
}
