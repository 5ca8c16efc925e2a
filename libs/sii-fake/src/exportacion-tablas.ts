import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dteAssetsDir } from '@lib/dte';
import type { AduanaLeida, ExportacionLeida } from './exportacion-leida';

// The Aduana code tables (Servicio Nacional de Aduanas, Compendio de Normas Aduaneras, Anexo 51; docs/research/exportacion.md
// §6): published data, read as data from where the stand-in finds libs/dte's XSDs. No gateway rule code is read.
type Tabla =
  | 'modalidades-venta'
  | 'clausulas-venta'
  | 'vias-transporte'
  | 'puertos'
  | 'unidades-medida'
  | 'tipos-bultos'
  | 'paises'
  | 'formas-pago-exportacion';

/** Each Aduana field and its table (Formato DTE v2.2 fields 74-105; docs/research/exportacion.md §6). */
const CAMPOS_ADUANA: [Exclude<keyof AduanaLeida, 'tipoBultos'>, string, Tabla][] = [
  ['codModVenta', 'CodModVenta', 'modalidades-venta'],
  ['codClauVenta', 'CodClauVenta', 'clausulas-venta'],
  ['codViaTransp', 'CodViaTransp', 'vias-transporte'],
  ['codPtoEmbarque', 'CodPtoEmbarque', 'puertos'],
  ['codPtoDesemb', 'CodPtoDesemb', 'puertos'],
  ['codUnidMedTara', 'CodUnidMedTara', 'unidades-medida'],
  ['codUnidPesoBruto', 'CodUnidPesoBruto', 'unidades-medida'],
  ['codUnidPesoNeto', 'CodUnidPesoNeto', 'unidades-medida'],
  ['codPaisRecep', 'CodPaisRecep', 'paises'],
  ['codPaisDestin', 'CodPaisDestin', 'paises'],
];

const cache = new Map<Tabla, Set<string>>();

function codigos(tabla: Tabla): Set<string> {
  let set = cache.get(tabla);
  if (!set) {
    const json = JSON.parse(readFileSync(join(dteAssetsDir(), 'aduana', `${tabla}.json`), 'utf8')) as { codes: Record<string, string> };
    set = new Set(Object.keys(json.codes));
    cache.set(tabla, set);
  }
  return set;
}

/** RLV: whether the SII checks these codes is unknown, no peer records a rejection (docs/research/exportacion.md §8). Codes are
 * xs:positiveInteger, so "04" is 4 (§1). */
export function codigosFueraDeTabla(exp: ExportacionLeida): string[] {
  const a = exp.aduana;
  const presentes: [string, string | undefined, Tabla][] = [
    ['FmaPagExp', exp.fmaPagExp, 'formas-pago-exportacion'],
    ['Nacionalidad', exp.nacionalidad, 'paises'],
    ...CAMPOS_ADUANA.map(([k, campo, tabla]): [string, string | undefined, Tabla] => [campo, a?.[k], tabla]),
    ...(a?.tipoBultos ?? []).map((b): [string, string | undefined, Tabla] => ['CodTpoBultos', b.codTpoBultos, 'tipos-bultos']),
  ];
  return presentes
    .filter(([, codigo, tabla]) => codigo !== undefined && !codigos(tabla).has(normal(codigo)))
    .map(([campo, codigo, tabla]) => `(HED) Exportacion: ${campo} ${codigo} no esta en la tabla de Aduana (${tabla})`);
}

const normal = (codigo: string) => (/^\d+$/.test(codigo) ? String(Number(codigo)) : codigo);
