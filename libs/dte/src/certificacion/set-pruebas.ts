import { DteParseError } from '../errors';

// The set de pruebas, `SIISetDePruebas<RUT>.txt` (docs/research/sii-protocol.md §10): documents carry TpoDocRef SET, RazonRef "CASO <n>".

const TIPOS: Record<string, number> = {
  'FACTURA ELECTRONICA': 33,
  'FACTURA NO AFECTA O EXENTA ELECTRONICA': 34,
  'FACTURA EXENTA ELECTRONICA': 34,
  'NOTA DE CREDITO ELECTRONICA': 61,
  'NOTA DE DEBITO ELECTRONICA': 56,
};

/** One line of a case (a note's may carry only the quantity); descuentoPct DESCUENTO ITEM; exento when the name says EXENTO. */
export interface LineaSet {
  nombre: string;
  cantidad?: number;
  precio?: number;
  descuentoPct?: number;
  exento: boolean;
}

/** tipoDte undefined for a document this platform does not issue (reported, never skipped). */
export interface CasoSet {
  id: string;
  documento: string;
  tipoDte?: number;
  lineas: LineaSet[];
  descuentoGlobalPct?: number;
  referencia?: { caso: string; documento: string };
  razon?: string;
  codigoReferencia?: 1 | 2 | 3;
}

export interface SetPruebas {
  nombre: string;
  numeroAtencion: string;
  casos: CasoSet[];
}

/** The first set (SET BASICO) of the text; columns split by tabs or spaces. @throws DteParseError without heading or case. */
export function parseSetPruebas(text: string): SetPruebas {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const headingAt = lines.findIndex((l) => /^\s*SET\s+.+-\s*NUMERO DE ATENCION:\s*\d+/i.test(l));
  if (headingAt < 0) throw new DteParseError('not a set de pruebas: no "SET ... - NUMERO DE ATENCION: n" heading');
  const heading = /^\s*(SET\s+.+?)\s*-\s*NUMERO DE ATENCION:\s*(\d+)/i.exec(lines[headingAt]) as RegExpExecArray;
  const end = lines.findIndex((l, i) => i > headingAt && /^\s*SET\s+.+-\s*NUMERO DE ATENCION/i.test(l));
  const body = lines.slice(headingAt + 1, end < 0 ? undefined : end);
  const casos: CasoSet[] = [];
  let current: { caso: CasoSet; enItems: boolean } | undefined;
  for (const raw of body) {
    const caso = /^\s*CASO\s+(\d+-\d+)\s*$/i.exec(raw);
    if (caso) {
      current = { caso: { id: caso[1], documento: '', lineas: [] }, enItems: false };
      casos.push(current.caso);
      continue;
    }
    if (current) current.enItems = readLine(current.caso, raw, current.enItems);
  }
  if (casos.length === 0) throw new DteParseError(`the set ${heading[2]} has no CASO`);
  for (const c of casos) c.codigoReferencia = c.referencia ? codigoDe(c) : undefined;
  return { nombre: heading[1].toUpperCase().replace(/\s+/g, ' '), numeroAtencion: heading[2], casos };
}

/** Whether the next lines are items. */
function readLine(caso: CasoSet, raw: string, enItems: boolean): boolean {
  const line = raw.trim();
  if (!line || /^=+$/.test(line)) return enItems && !!line;
  const cols = line
    .split(/\t+|\s{2,}/)
    .map((c) => c.trim())
    .filter(Boolean);
  const key = cols[0].toUpperCase();
  if (key === 'DOCUMENTO') {
    caso.documento = normalize(cols.slice(1).join(' '));
    caso.tipoDte = TIPOS[caso.documento];
    return false;
  }
  if (key === 'REFERENCIA') {
    const ref = /^(.*?)\s+CORRESPONDIENTE A CASO\s+(\d+-\d+)/i.exec(cols.slice(1).join(' '));
    if (ref) caso.referencia = { documento: normalize(ref[1]), caso: ref[2] };
    return false;
  }
  if (key === 'RAZON REFERENCIA') {
    caso.razon = cols.slice(1).join(' ');
    return false;
  }
  if (key === 'ITEM') return true;
  const global = /^DESCUENTO GLOBAL ITEMES AFECTOS\s+([\d.,]+)\s*%/i.exec(line.replace(/\t+/g, ' '));
  if (global) {
    caso.descuentoGlobalPct = num(global[1]);
    return false;
  }
  if (enItems) caso.lineas.push(item(cols));
  return enItems;
}

function item(cols: string[]): LineaSet {
  const [nombre, ...rest] = cols;
  const pct = rest.find((c) => c.endsWith('%'));
  const numbers = rest.filter((c) => !c.endsWith('%')).map(num);
  return {
    nombre,
    cantidad: numbers[0],
    precio: numbers[1],
    descuentoPct: pct === undefined ? undefined : num(pct.replace('%', '')),
    exento: /\bEXENTO\b/i.test(nombre),
  };
}

/** CodRef from the reason (Formato DTE v2.2 §E). */
function codigoDe(c: CasoSet): 1 | 2 | 3 {
  const razon = (c.razon ?? '').toUpperCase();
  if (/\bANULA/.test(razon)) return 1;
  if (/CORRIGE|CORRECCION/.test(razon) && c.lineas.length === 0) return 2;
  return 3;
}

/** Compared without accents, case or repeated spaces ("Nota de Crédito" = "NOTA DE CREDITO"). */
export function normalize(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function num(s: string): number {
  const n = Number(s.trim().replace(',', '.'));
  if (!Number.isFinite(n)) throw new DteParseError(`not a number in the set: ${s}`);
  return n;
}

export interface ResolvedLine {
  nombre: string;
  cantidad: number;
  precio: number;
  descuentoPct?: number;
  exento: boolean;
}

/** A case's lines by CodRef: 1 the referenced case's, 2 one without amounts, 3 completed from the same-named line. @throws DteParseError */
export function lineasDelCaso(set: SetPruebas, id: string, seen: string[] = []): { lineas: ResolvedLine[]; descuentoGlobalPct?: number } {
  const caso = set.casos.find((c) => c.id === id);
  if (!caso) throw new DteParseError(`the set has no CASO ${id}`);
  if (seen.includes(id)) throw new DteParseError(`CASO ${id} references itself`);
  if (!caso.referencia) return { lineas: caso.lineas.map((l) => complete(l, id)), descuentoGlobalPct: caso.descuentoGlobalPct };
  if (caso.codigoReferencia === 2) return { lineas: [{ nombre: caso.razon || 'Corrige texto', cantidad: 1, precio: 0, exento: false }] };
  const original = lineasDelCaso(set, caso.referencia.caso, [...seen, id]);
  if (caso.codigoReferencia === 1 || caso.lineas.length === 0) return original;
  const lineas = caso.lineas.map((l) => {
    const base = original.lineas.find((o) => o.nombre === l.nombre);
    if (!base && l.precio === undefined) throw new DteParseError(`CASO ${id}: line "${l.nombre}" is not in CASO ${caso.referencia?.caso}`);
    return { ...base, ...defined(l), nombre: l.nombre, exento: base?.exento ?? l.exento } as ResolvedLine;
  });
  return { lineas: lineas.map((l) => complete(l, id)), descuentoGlobalPct: caso.descuentoGlobalPct };
}

function defined(l: LineaSet): Partial<LineaSet> {
  return Object.fromEntries(Object.entries(l).filter(([, v]) => v !== undefined));
}

function complete(l: LineaSet, id: string): ResolvedLine {
  if (l.cantidad === undefined || l.precio === undefined) throw new DteParseError(`CASO ${id}: line "${l.nombre}" lacks quantity or price`);
  return { nombre: l.nombre, cantidad: l.cantidad, precio: l.precio, descuentoPct: l.descuentoPct, exento: l.exento };
}

/** Atención number per set name: the libro sets are answered with ESPECIAL books whose FolioNotificacion is it. */
export function numerosDeAtencion(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/^\s*(SET\s+.+?)\s*-\s*NUMERO DE ATENCION:\s*(\d+)/gim)) {
    out[m[1].toUpperCase().replace(/\s+/g, ' ')] = m[2];
  }
  return out;
}
