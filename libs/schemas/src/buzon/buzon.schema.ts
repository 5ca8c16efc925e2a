/** Draft 2020-12 schemas of what @lib/portal parse-buzon.ts reads (the real pages are unknown, docs/research/sii-protocol.md §9). */
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
