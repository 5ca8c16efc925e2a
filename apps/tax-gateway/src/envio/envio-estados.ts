import { ESTADOS_ENVIO_EN_PROCESO } from '@lib/dte';

/**
 * The upload states of whatever the gateway submits to the SII (a DTE's EnvioDTE, a book), in one vocabulary
 * (docs/tax-gateway.md "Submission pipeline"): `signed` (stored, not sent), `uploading` (claimed by one process),
 * `uploaded` (the SII gave a trackid), `upload_failed` (the upload reached the SII or failed on the way). After the
 * upload the SII's own QueryEstUp codes follow (docs/research/sii-protocol.md §2.5).
 */
export const ESTADOS_PROPIOS = ['signed', 'uploading', 'uploaded', 'upload_failed'] as const;
export type EstadoPropio = (typeof ESTADOS_PROPIOS)[number];
/** A gateway state or one of the SII's codes (REC, EPR, LOK, ...). */
export type EstadoEnvio = EstadoPropio | (string & {});

/** Before the SII has the envío: not sent yet, on its way, or the upload failed. */
export const NO_ENVIADOS = ['signed', 'uploading', 'upload_failed'] as const;

/** From which the stored bytes may be uploaded (again): never sent, or the upload failed. */
export const RESENDABLE = ['signed', 'upload_failed'] as const;

/** Uploaded and the SII not done with it: followed with QueryEstUp until a final state. */
export const EN_SEGUIMIENTO: readonly string[] = ['uploaded', ...ESTADOS_ENVIO_EN_PROCESO];
