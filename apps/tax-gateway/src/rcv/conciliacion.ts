import type { LibroDetalleInput } from '@lib/dte';
import type { EstadoContabRcv, RcvDocumento } from '../sii/rcv.client';

/** How a document of the period compares between the SII's register and the gateway's records. */
export type EstadoConciliacion = 'coincide' | 'solo_sii' | 'solo_gateway' | 'difiere';

/** Amounts in CLP. */
export interface MontosConciliados {
  exento: number;
  neto: number;
  iva: number;
  total: number;
}

export interface DocumentoConciliado {
  tipo_dte: number;
  folio: number;
  rut_contraparte: string;
  razon_social: string;
  fecha_emision: string;
  estado: EstadoConciliacion;
  /** The register's estado (REGISTRO, PENDIENTE, RECLAMADO, NO_INCLUIR) when the SII has the document. */
  estado_rcv: EstadoContabRcv | null;
  sii: MontosConciliados | null;
  gateway: MontosConciliados | null;
  diferencias: { campo: keyof MontosConciliados; sii: number; gateway: number }[];
}

/** A document of the register with the estado it was listed under. */
export type RcvRegistrado = RcvDocumento & { estado_rcv: EstadoContabRcv };

const CAMPOS: (keyof MontosConciliados)[] = ['exento', 'neto', 'iva', 'total'];

/**
 * Each document (type, folio, counterpart RUT) `coincide`, `difiere` (listing the amounts), `solo_sii` or `solo_gateway`; the register's
 * source: docs/research/sii-protocol.md §8.
 */
export function reconcile(sii: RcvRegistrado[], gateway: LibroDetalleInput[]): DocumentoConciliado[] {
  const key = (tipo: number, folio: number, rut: string) => `${tipo}|${folio}|${rut}`;
  const ours = new Map(gateway.map((g) => [key(g.tipoDoc, g.folio, g.rut), g]));
  const out: DocumentoConciliado[] = [];
  for (const s of sii) {
    const k = key(s.tipo_dte, s.folio, s.rut_contraparte);
    const g = ours.get(k);
    ours.delete(k);
    const montosSii = montos(s);
    const montosGw = g ? montos(g) : null;
    const diferencias = montosGw
      ? CAMPOS.filter((c) => montosSii[c] !== montosGw[c]).map((c) => ({ campo: c, sii: montosSii[c], gateway: montosGw[c] }))
      : [];
    out.push({
      tipo_dte: s.tipo_dte,
      folio: s.folio,
      rut_contraparte: s.rut_contraparte,
      razon_social: s.razon_social,
      fecha_emision: s.fecha_emision,
      estado: !g ? 'solo_sii' : diferencias.length ? 'difiere' : 'coincide',
      estado_rcv: s.estado_rcv,
      sii: montosSii,
      gateway: montosGw,
      diferencias,
    });
  }
  for (const g of ours.values()) {
    out.push({
      tipo_dte: g.tipoDoc,
      folio: g.folio,
      rut_contraparte: g.rut,
      razon_social: g.razonSocial,
      fecha_emision: g.fecha,
      estado: 'solo_gateway',
      estado_rcv: null,
      sii: null,
      gateway: montos(g),
      diferencias: [],
    });
  }
  return out.sort((a, b) => a.tipo_dte - b.tipo_dte || a.folio - b.folio || a.rut_contraparte.localeCompare(b.rut_contraparte));
}

function montos(m: MontosConciliados): MontosConciliados {
  return { exento: m.exento, neto: m.neto, iva: m.iva, total: m.total };
}
