/** Draft 2020-12 schemas of `GET /tax/registro/empresa/{rut}` and its `/historial` (@lib/portal parse-empresa.ts). */
const rut = { type: 'string', pattern: '^\\d{1,8}-[\\dK]$' } as const;
const rutONull = { type: ['string', 'null'], pattern: '^\\d{1,8}-[\\dK]$' } as const;
const texto = { type: ['string', 'null'] } as const;
const clp = { type: ['integer', 'null'] } as const;
const fecha = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

export const EMPRESA_JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'urn:cl-business-platform:empresa',
  title: 'Empresa',
  type: 'object',
  additionalProperties: false,
  required: ['rut', 'razon_social', 'tipo_sociedad', 'fecha_constitucion', 'capital', 'domicilio', 'socios', 'administradores', 'estado'],
  properties: {
    rut,
    razon_social: { type: 'string', minLength: 1 },
    tipo_sociedad: texto,
    fecha_constitucion: { ...fecha, type: ['string', 'null'] },
    capital: clp,
    domicilio: texto,
    socios: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['nombre', 'rut', 'aporte', 'porcentaje'],
        properties: {
          nombre: { type: 'string' },
          rut: rutONull,
          aporte: clp,
          porcentaje: { type: ['number', 'null'], minimum: 0, maximum: 100 },
        },
      },
    },
    administradores: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['nombre', 'rut', 'cargo'],
        properties: { nombre: { type: 'string' }, rut: rutONull, cargo: texto },
      },
    },
    estado: texto,
  },
} as const;

export const MODIFICACIONES_EMPRESA_JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'urn:cl-business-platform:modificaciones-empresa',
  title: 'ModificacionEmpresa[]',
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['fecha', 'tipo', 'descripcion', 'actuacion'],
    properties: { fecha, tipo: { type: 'string' }, descripcion: { type: 'string' }, actuacion: { type: 'string' } },
  },
} as const;
