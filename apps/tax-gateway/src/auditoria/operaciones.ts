/** The critical operations that get a receipt (spec 1 §9). */
export const OPERACIONES_AUDITADAS = [
  'caf_upload',
  'emision',
  'reenvio',
  'libro_envio',
  'recepcion_respuesta',
  'rcv_evento',
  'sesion_importada',
  'sesion_borrada',
  'banco_link_registrado',
  'banco_link_borrado',
  'token_invalidado',
] as const;
export type OperacionAuditada = (typeof OPERACIONES_AUDITADAS)[number];
