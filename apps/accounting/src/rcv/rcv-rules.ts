import type { DocumentoRcvView, EstadoRcv } from '@lib/contracts';
import type { DteMontos } from '../dte-recepcion/booking-rules';

/**
 * How the books of a month compare with the SII's register (RCV compras or ventas; docs/accounting.md "RCV reconciliation",
 * docs/research/sii-protocol.md §8). A document is (tipo, folio, counterpart RUT). Only 33, 34, 56 and 61 are compared
 * (`RECONCILED_TIPOS`): the purchases the books take on reception and the sales they book on emission; a 46 the tenant issued is
 * listed in its purchases register but booked as its own document, a received 46 is a sale, and an export's register amounts are
 * pesos of another day's rate.
 * - `no_contabilizado`: registered (estado REGISTRO: accepted, or 8 days passed; every document of the sales register) and not booked;
 * - `no_registrado`: booked and absent from the register under any estado;
 * - `reclamado`: booked, with an entry not yet reversed, and claimed (RECLAMADO: RCD, RFP or RFT, Ley 19.983 art. 3; purchases only);
 * - `montos_distintos`: booked and registered with different amounts.
 * PENDIENTE (inside the 8 days) and NO_INCLUIR are not differences yet.
 */
export const RECONCILED_TIPOS: ReadonlySet<number> = new Set([33, 34, 56, 61]);

export type ClaseDiferencia = 'no_contabilizado' | 'no_registrado' | 'reclamado' | 'montos_distintos';

/** A purchase (`factura`) or a sale (`documento_emitido`) in the books, amounts in CLP; the counterpart is the supplier or the customer. */
export interface DocumentoLibro extends DteMontos {
  id: string;
  tipo_dte: number;
  folio: number;
  rut_contraparte: string;
  razon_social: string;
  fecha_emision: string;
  /** The booking entry still stands (posted and not reversed). */
  asiento_vigente: boolean;
}

export interface DiferenciaCalculada extends DteMontos {
  clase: ClaseDiferencia;
  tipo_dte: number;
  folio: number;
  rut_contraparte: string;
  razon_social: string;
  fecha_emision: string;
  estado_rcv: EstadoRcv | null;
  /** The document in the books (a factura or a documento_emitido), when there is one. */
  documento_id: string | null;
  /** montos_distintos: each amount that differs. */
  diferencias: { campo: keyof DteMontos; rcv: number; libros: number }[];
}

const CAMPOS: (keyof DteMontos)[] = ['exento', 'neto', 'iva', 'total'];
const key = (tipo: number, folio: number, rut: string) => `${tipo}|${folio}|${rut}`;

/** The differences of one month, ordered by tipo, folio and RUT. `rcv`: the register's documents (those without SII data are skipped). */
export function diferenciasRcv(
  rcv: DocumentoRcvView[],
  libros: DocumentoLibro[],
  libro: 'compra' | 'venta' = 'compra',
): DiferenciaCalculada[] {
  const booked = new Map(
    libros.filter((f) => RECONCILED_TIPOS.has(f.tipo_dte)).map((f) => [key(f.tipo_dte, f.folio, f.rut_contraparte), f]),
  );
  const out: DiferenciaCalculada[] = [];
  for (const d of rcv) {
    if (!d.sii || !d.estado_rcv || !RECONCILED_TIPOS.has(d.tipo_dte)) continue;
    const k = key(d.tipo_dte, d.folio, d.rut_contraparte);
    const f = booked.get(k);
    booked.delete(k);
    const base = {
      tipo_dte: d.tipo_dte,
      folio: d.folio,
      rut_contraparte: d.rut_contraparte,
      razon_social: d.razon_social,
      fecha_emision: d.fecha_emision,
      estado_rcv: d.estado_rcv,
      documento_id: f?.id ?? null,
      ...montos(d.sii),
    };
    if (d.estado_rcv === 'RECLAMADO' && libro === 'compra') {
      if (f?.asiento_vigente) out.push({ ...base, clase: 'reclamado', diferencias: [] });
    } else if (!f) {
      if (d.estado_rcv === 'REGISTRO') out.push({ ...base, clase: 'no_contabilizado', diferencias: [] });
    } else {
      const diferencias = CAMPOS.filter((c) => d.sii?.[c] !== f[c]).map((c) => ({ campo: c, rcv: d.sii?.[c] as number, libros: f[c] }));
      if (diferencias.length > 0) out.push({ ...base, clase: 'montos_distintos', diferencias });
    }
  }
  for (const f of booked.values()) {
    // A document whose entry was reversed (a sale the SII rejected, a claimed purchase) is no longer booked.
    if (!f.asiento_vigente) continue;
    out.push({
      clase: 'no_registrado',
      tipo_dte: f.tipo_dte,
      folio: f.folio,
      rut_contraparte: f.rut_contraparte,
      razon_social: f.razon_social,
      fecha_emision: f.fecha_emision,
      estado_rcv: null,
      documento_id: f.id,
      diferencias: [],
      ...montos(f),
    });
  }
  return out.sort((a, b) => a.tipo_dte - b.tipo_dte || a.folio - b.folio || a.rut_contraparte.localeCompare(b.rut_contraparte));
}

function montos(m: DteMontos): DteMontos {
  return { neto: m.neto, exento: m.exento, iva: m.iva, total: m.total };
}
