import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** As `corpus.json` records it, values as written in the XML. */
export interface DocumentoReal {
  tipo_dte: number;
  folio: number;
  fecha_emision: string;
  rut_emisor: string;
  rut_receptor: string;
  totales: Record<string, unknown>;
}

export interface ArchivoReal {
  file: string;
  root: 'DTE' | 'EnvioDTE';
  encoding: string;
  software: string;
  features: string[];
  origin: { repo: string; commit: string; path: string; licence: string };
  documentos: DocumentoReal[];
  /** Asserted by apps/tax-gateway/test/recepcion-reales.e2e-spec.ts. */
  recepcion_esperada: { estado: 'recibido' | 'rechazado' | 'tipo_no_recibible'; motivo?: string };
  bytes: Buffer;
}

/** Its README names the origin and licence of each file. */
export const DTE_REALES_DIR = resolve(__dirname, '../fixtures/dte-reales');

/** Real DTEs from public SII libraries' test data (lib-cl-sii-python, LibreDTE, Odoo, SimpleFactura, DTExml2pdf), byte for byte. */
export function dteReales(): ArchivoReal[] {
  const corpus = JSON.parse(readFileSync(join(DTE_REALES_DIR, 'corpus.json'), 'utf8')) as Omit<ArchivoReal, 'bytes'>[];
  return corpus.map((a) => ({ ...a, bytes: readFileSync(join(DTE_REALES_DIR, a.file)) }));
}
