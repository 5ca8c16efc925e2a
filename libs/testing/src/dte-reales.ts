import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** One document of a corpus file as `corpus.json` records it (values as written in the XML). */
export interface DocumentoReal {
  tipo_dte: number;
  folio: number;
  fecha_emision: string;
  rut_emisor: string;
  rut_receptor: string;
  /** Totales as written: MntNeto, MntExe, IVA, MntTotal, ImptoReten, ... (numbers or strings such as "19.00"). */
  totales: Record<string, unknown>;
}

/** One file of the corpus of real DTEs: its exact bytes and what `corpus.json` says of it. */
export interface ArchivoReal {
  file: string;
  root: 'DTE' | 'EnvioDTE';
  encoding: string;
  software: string;
  features: string[];
  origin: { repo: string; commit: string; path: string; licence: string };
  documentos: DocumentoReal[];
  /**
   * What reception by the documents' receptor must conclude (asserted by apps/tax-gateway/test/recepcion-reales.e2e-spec.ts):
   * every document `recibido`, or the file `rechazado` (with why), or refused as a type outside the intercambio.
   */
  recepcion_esperada: { estado: 'recibido' | 'rechazado' | 'tipo_no_recibible'; motivo?: string };
  bytes: Buffer;
}

/** The folder of the corpus (libs/testing/fixtures/dte-reales; its README names the origin and licence of each file). */
export const DTE_REALES_DIR = resolve(__dirname, '../fixtures/dte-reales');

/**
 * The corpus of real DTEs and EnvioDTEs that public SII libraries publish as test data (lib-cl-sii-python, LibreDTE,
 * Odoo certification sets, SimpleFactura, DTExml2pdf), byte for byte, with their metadata.
 */
export function dteReales(): ArchivoReal[] {
  const corpus = JSON.parse(readFileSync(join(DTE_REALES_DIR, 'corpus.json'), 'utf8')) as Omit<ArchivoReal, 'bytes'>[];
  return corpus.map((a) => ({ ...a, bytes: readFileSync(join(DTE_REALES_DIR, a.file)) }));
}
