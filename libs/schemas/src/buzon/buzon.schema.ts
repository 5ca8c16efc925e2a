/**
 * JSON Schemas (draft 2020-12) of the taxpayer's Mi SII mailbox as data: `Notificacion` (the items of
 * `GET /tax/notificaciones` and the answer of `GET /tax/notificaciones/{notif_id}`) and `DocumentoSii` (the
 * items of `GET /tax/documentos`), what @lib/portal `parseNotificaciones`, `parseNotificacion` and
 * `parseDocumentos` read. The real portal pages are unknown (docs/research/sii-protocol.md §9); these shapes
 * are the project's own reading. Dates ISO in America/Santiago wall clock (`YYYY-MM-DD`, a notification's
 * `YYYY-MM-DDTHH:MM` when the page gives the time); a notification's `cuerpo` is null in the list.
 */
export const NOTIFICACION_JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'urn:cl-business-platform:notificacion',
  title: 'Notificacion',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'fecha', 'asunto', 'remitente', 'leida', 'cuerpo'],
  properties: {
    id: { type: 'string', minLength: 1 },
    fecha: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2})?$' },
    asunto: { type: 'string' },
    remitente: { type: 'string' },
    leida: { type: 'boolean' },
    cuerpo: { type: ['string', 'null'] },
  },
} as const;

export const DOCUMENTO_SII_JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'urn:cl-business-platform:documento-sii',
  title: 'DocumentoSii',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'fecha', 'tipo', 'titulo', 'numero'],
  properties: {
    id: { type: 'string', minLength: 1 },
    fecha: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    tipo: { type: 'string' },
    titulo: { type: 'string' },
    numero: { type: ['string', 'null'] },
  },
} as const;
