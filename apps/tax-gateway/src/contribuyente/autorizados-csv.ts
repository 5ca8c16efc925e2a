import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { tryNormalizeRut } from '@lib/rut';

/** The header of the SII's list, verbatim (docs/research/sources/README.md §1.3; three independent sources agree). */
export const CABECERA_AUTORIZADOS = 'RUT;RAZON SOCIAL;NUMERO RESOLUCION;FECHA RESOLUCION;MAIL INTERCAMBIO;URL';

/** One taxpayer of the list: RUT canonical, resolution date YYYY-MM-DD (null when the file's is not a date). */
export interface ContribuyenteAutorizado {
  rut: string;
  razonSocial: string;
  numeroResolucion: number;
  fechaResolucion: string | null;
  correoIntercambio: string | null;
  url: string | null;
}

export class ListaAutorizadosError extends Error {}

/**
 * Reads `ce_empresas_dwnld`, streaming (about 1.7 million rows): probably ISO-8859-1 (docs/research/sources/README.md §1.3; the sources
 * conflict). Invalid RUTs or resolutions are skipped and counted, never guessed.
 */
export async function* readAutorizados(bytes: Buffer, skipped: { count: number } = { count: 0 }): AsyncGenerator<ContribuyenteAutorizado> {
  const header = bytes
    .subarray(0, 200)
    .toString('latin1')
    .split(/\r?\n/)[0]
    .replace(/;+\s*$/, '');
  if (header.trim() !== CABECERA_AUTORIZADOS)
    throw new ListaAutorizadosError(`not the list of authorized taxpayers (first line "${header.slice(0, 80)}")`);
  // Fed in slices of the bytes, decoded by the parser: no second copy of the ~150 MB file as one string.
  const parser = Readable.from(slices(bytes)).pipe(
    parse({
      encoding: 'latin1',
      delimiter: ';',
      from_line: 2,
      relax_column_count: true,
      relax_quotes: true,
      quote: false,
      trim: true,
      skip_empty_lines: true,
    }),
  );
  for await (const fields of parser as AsyncIterable<string[]>) {
    const row = parseFila(fields);
    if (row) yield row;
    else skipped.count++;
  }
}

function* slices(bytes: Buffer, size = 1 << 20): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

function parseFila([rutText, razonSocial, numero, fecha, correo, url]: string[]): ContribuyenteAutorizado | undefined {
  const rut = tryNormalizeRut(rutText);
  if (!rut || !razonSocial || !/^\d{1,9}$/.test(numero ?? '')) return undefined;
  return {
    rut,
    razonSocial,
    numeroResolucion: Number(numero),
    fechaResolucion: isoDate(fecha),
    correoIntercambio: correo || null,
    url: url || null,
  };
}

/** `DD-MM-AAAA` -> `AAAA-MM-DD`, or null. */
function isoDate(text: string | undefined): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}
