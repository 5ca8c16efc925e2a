import { daysBetween } from '@lib/dte';

/** Why a DTE type needs new folios soon. */
export type CafAlertaTipo = 'sin_folios' | 'pocos_folios' | 'por_vencer';

export interface CafAlerta {
  tipo: CafAlertaTipo;
  detalle: string;
}

/** Days before the last valid day of the active CAF when `por_vencer` is raised (docs/tax-gateway.md "CAF runbook"). */
export const DIAS_AVISO_VENCIMIENTO = 30;

/**
 * The most urgent alert of one DTE type, or null (33, 56 and 61 CAFs expire six months after authorization; docs/research/sii-protocol.md
 * §3.4).
 */
export function cafAlerta(disponibles: number, vence: string | null, today: string, umbral: number): CafAlerta | null {
  if (disponibles === 0) return { tipo: 'sin_folios', detalle: 'No folio left: request a new CAF from the SII and upload it.' };
  if (disponibles < umbral) return { tipo: 'pocos_folios', detalle: `${disponibles} folios left (alert under ${umbral}).` };
  if (vence !== null && daysBetween(today, vence) <= DIAS_AVISO_VENCIMIENTO) {
    return { tipo: 'por_vencer', detalle: `The CAF in use can be used until ${vence} (${daysBetween(today, vence)} days).` };
  }
  return null;
}
