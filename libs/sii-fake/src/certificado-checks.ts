import type { X509Certificate } from 'node:crypto';
import { santiagoInstant } from '@lib/dte';
import type { SiiFakeState } from './state';
import { certificateRut } from './internal/xmldsig';

/** A certificate that signed part of an envío (`que`: "Envio", "DTE T33F1") and its stated TmstFirmaEnv/TmstFirma (America/Santiago). */
export interface Firmante {
  que: string;
  certificate: X509Certificate;
  firmadoEl?: string;
}

/** STATUS 8 (docs/research/sii-protocol.md §2.4). DTEUpload's code for an expired certificate is unknown; the portal's ends in 36
 * "El [Certificado Digital] que ingresó se encuentra vencido" ("códigos de mensajes de error" 2020-02-07, §8). */
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

/** STATUS 1 "Usuario sin permiso de envio" (docs/research/sii-protocol.md §2.4, §10) unless {@link SiiFakeState.puedeEnviar}. */
export function autorizacionProblems(authority: SiiFakeState, firmantes: Firmante[], rutCompany: string): string[] {
  return firmantes
    .map(({ que, certificate }) => ({ que, rut: certificateRut(certificate) }))
    .filter(({ rut }) => !authority.puedeEnviar(rut, rutCompany))
    .map(
      ({ que, rut }) =>
        `Usuario sin permiso de envio: ${que} firmado por ${rut ?? 'un certificado sin RUT'}, no autorizado por ${rutCompany}`,
    );
}
