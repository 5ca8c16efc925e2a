import { createHash } from 'node:crypto';
import { rutDv } from './internal/rut';

/** Shaped like the gateway's `contribuyente` answer (docs/CONTRACTS.md). */
export interface Contribuyente {
  rut: string;
  razon_social: string;
  direccion: string;
  comuna: string;
  giros: { codigo: string; descripcion: string }[];
  representantes: { rut: string; nombre: string }[];
  estado: 'vigente';
  inicio_actividades: string;
}

const KINDS = ['Comercial', 'Inversiones', 'Servicios', 'Distribuidora', 'Constructora', 'Transportes', 'Asesorías'];
const WORDS = [
  'Andes',
  'Pacífico',
  'Austral',
  'Cordillera',
  'Maipo',
  'Ñuble',
  'Araucanía',
  'Litoral',
  'Norte',
  'Valle',
  'Lago',
  'Volcán',
  'Cobre',
  'Quillay',
  'Boldo',
  'Peumo',
  'Canelo',
  'Copihue',
  'Alerce',
  'Raulí',
];
const SUFFIXES = ['SpA', 'SpA', 'Ltda.', 'S.A.', 'E.I.R.L.'];
const STREETS = [
  'Av. Providencia',
  "Av. Libertador Bernardo O'Higgins",
  'Huérfanos',
  'Agustinas',
  'Av. Apoquindo',
  'Moneda',
  'Av. Vicuña Mackenna',
  'Los Carrera',
  'Av. Colón',
  'San Martín',
];
const COMUNAS = [
  'Santiago',
  'Providencia',
  'Las Condes',
  'Ñuñoa',
  'Maipú',
  'Valparaíso',
  'Viña del Mar',
  'Concepción',
  'Temuco',
  'Puerto Montt',
  'La Serena',
  'Antofagasta',
];
// SII public classification (CIIU4.CL 2012).
const GIROS = [
  ['620200', 'ACTIVIDADES DE CONSULTORIA DE INFORMATICA Y DE GESTION DE INSTALACIONES INFORMATICAS'],
  ['620100', 'ACTIVIDADES DE PROGRAMACION INFORMATICA'],
  ['469000', 'VENTA AL POR MAYOR NO ESPECIALIZADA'],
  ['479100', 'VENTA AL POR MENOR POR CORREO, POR INTERNET Y VIA TELEFONICA'],
  ['702000', 'ACTIVIDADES DE CONSULTORIA DE GESTION'],
  ['410020', 'CONSTRUCCION DE EDIFICIOS PARA USO NO RESIDENCIAL'],
  ['492300', 'TRANSPORTE DE CARGA POR CARRETERA'],
  ['561000', 'ACTIVIDADES DE RESTAURANTES Y DE SERVICIO MOVIL DE COMIDAS'],
  ['682000', 'ACTIVIDADES INMOBILIARIAS REALIZADAS A CAMBIO DE UNA RETRIBUCION O POR CONTRATA'],
  ['731001', 'SERVICIOS DE PUBLICIDAD PRESTADOS POR EMPRESAS'],
];
const FIRST = ['María', 'José', 'Juan', 'Carolina', 'Francisca', 'Pedro', 'Camila', 'Andrés', 'Valentina', 'Matías'];
const LAST = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda', 'Morales', 'Fuentes'];

/** Deterministic per RUT, different per RUT. Nothing here is real taxpayer data. */
export function contribuyenteFor(rut: string): Contribuyente {
  const rnd = prng(rut);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const w1 = pick(WORDS);
  const w2 = pick(WORDS.filter((w) => w !== w1));
  const giros = shuffle([...GIROS], rnd).slice(0, 1 + Math.floor(rnd() * 3));
  const representantes = Array.from({ length: 1 + Math.floor(rnd() * 2) }, () => {
    const body = 8_000_000 + Math.floor(rnd() * 17_000_000);
    return { rut: `${body}-${rutDv(body)}`, nombre: `${pick(FIRST)} ${pick(LAST)} ${pick(LAST)}` };
  });
  const year = 1995 + Math.floor(rnd() * 29);
  const month = 1 + Math.floor(rnd() * 12);
  const day = 1 + Math.floor(rnd() * 28);
  return {
    rut,
    razon_social: `${pick(KINDS)} ${w1} ${w2} ${pick(SUFFIXES)}`,
    direccion: `${pick(STREETS)} ${100 + Math.floor(rnd() * 9800)}${rnd() < 0.4 ? `, oficina ${1 + Math.floor(rnd() * 1500)}` : ''}`,
    comuna: pick(COMUNAS),
    giros: giros.map(([codigo, descripcion]) => ({ codigo, descripcion })),
    representantes,
    estado: 'vigente',
    inicio_actividades: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  };
}

function shuffle<T>(list: T[], rnd: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** mulberry32 seeded from SHA-256 of the text. */
export function prng(text: string): () => number {
  let a = createHash('sha256').update(text).digest().readUInt32BE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
