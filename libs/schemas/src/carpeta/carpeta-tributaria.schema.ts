/** Draft 2020-12 schema of `CarpetaTributaria` (docs/research/sii-protocol.md §7); `scraped_at` (UTC) only in the gateway's answer. */
const fecha = { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const texto = { type: ['string', 'null'] } as const;
const clp = { type: ['integer', 'null'] } as const;
const persona = {
  type: 'object',
  additionalProperties: false,
  required: ['nombre', 'rut', 'fecha'],
  properties: { nombre: { type: 'string' }, rut: { type: ['string', 'null'], pattern: '^\\d{1,8}-[\\dK]$' }, fecha },
} as const;
const boletas = {
  honorario_bruto: clp,
  retencion_terceros: clp,
  ppm_contribuyente: clp,
} as const;

export const CARPETA_TRIBUTARIA_JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'urn:cl-business-platform:carpeta-tributaria',
  title: 'CarpetaTributaria',
  type: 'object',
  additionalProperties: false,
  required: [
    'encabezado',
    'contribuyente',
    'representantes_legales',
    'conformacion_sociedad',
    'participacion_en_sociedades',
    'propiedades',
    'boletas_honorarios',
    'declaraciones_iva',
    'declaraciones_renta',
  ],
  properties: {
    scraped_at: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$' },
    encabezado: {
      type: 'object',
      additionalProperties: false,
      required: ['nombre', 'rut', 'fecha_generacion'],
      properties: {
        nombre: { type: 'string' },
        rut: { type: 'string' },
        fecha_generacion: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$' },
      },
    },
    contribuyente: {
      type: 'object',
      additionalProperties: false,
      required: ['fecha_inicio_actividades', 'actividades', 'categoria', 'domicilio', 'sucursales', 'ultimos_timbrajes', 'observaciones'],
      properties: {
        fecha_inicio_actividades: fecha,
        actividades: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['codigo', 'descripcion'],
            properties: { codigo: texto, descripcion: { type: 'string' } },
          },
        },
        categoria: texto,
        domicilio: texto,
        sucursales: { type: 'array', items: { type: 'string' } },
        ultimos_timbrajes: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['documento', 'fecha'],
            properties: { documento: { type: 'string' }, fecha },
          },
        },
        observaciones: texto,
      },
    },
    representantes_legales: { type: 'array', items: persona },
    conformacion_sociedad: { type: 'array', items: persona },
    participacion_en_sociedades: { type: 'array', items: persona },
    propiedades: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['comuna', 'rol', 'direccion', 'destino', 'avaluo_fiscal', 'cuotas_vencidas', 'cuotas_vigentes', 'condicion'],
        properties: {
          comuna: { type: 'string' },
          rol: { type: 'string' },
          direccion: { type: 'string' },
          destino: texto,
          avaluo_fiscal: clp,
          cuotas_vencidas: { type: ['boolean', 'null'] },
          cuotas_vigentes: { type: ['boolean', 'null'] },
          condicion: texto,
        },
      },
    },
    boletas_honorarios: {
      type: 'object',
      additionalProperties: false,
      required: ['periodos', 'totales'],
      properties: {
        periodos: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['periodo', 'honorario_bruto', 'retencion_terceros', 'ppm_contribuyente'],
            properties: { periodo: { type: 'string' }, ...boletas },
          },
        },
        totales: {
          type: ['object', 'null'],
          additionalProperties: false,
          required: ['honorario_bruto', 'retencion_terceros', 'ppm_contribuyente'],
          properties: boletas,
        },
      },
    },
    declaraciones_iva: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['periodo', 'declarada', 'formulario', 'campos'],
        properties: {
          periodo: { type: 'string', pattern: '^(\\d{4}-\\d{2})?$' },
          declarada: { type: 'boolean' },
          formulario: texto,
          campos: { type: ['object', 'null'], additionalProperties: { type: 'string' } },
        },
      },
    },
    declaraciones_renta: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['anio_tributario', 'filas'],
        properties: {
          anio_tributario: { type: 'integer' },
          filas: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['codigo', 'concepto', 'valor'],
              properties: { codigo: { type: 'string' }, concepto: { type: 'string' }, valor: { type: 'string' } },
            },
          },
        },
      },
    },
  },
} as const;
