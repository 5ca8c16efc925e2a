/** A line of business (giro) with its SII activity code (CIIU4.CL, 6 digits; empty when the source shows none). */
export interface Giro {
  codigo: string;
  descripcion: string;
}

export interface Representante {
  rut: string;
  nombre: string;
}

/**
 * A tenant's own carpeta tributaria (complete), or the SII's list of DTE-authorized taxpayers (a third party: name and authorization only).
 */
export type FuenteContribuyente = 'carpeta_tributaria' | 'contribuyentes_autorizados';

export interface AutorizacionDte {
  numero_resolucion: number;
  /** YYYY-MM-DD. */
  fecha_resolucion: string | null;
  correo_intercambio: string | null;
}

/** Canonical taxpayer data as an authenticated SII source gives it; what the source does not show is null or empty. */
export interface TaxpayerRecord {
  rut: string;
  razon_social: string;
  fuente: FuenteContribuyente;
  direccion: string | null;
  comuna: string | null;
  giros: Giro[];
  representantes: Representante[];
  /** Tax status as the source words it (e.g. `vigente`, the carpeta's observation, `autorizado_dte`). */
  estado: string;
  /** Start of activities (YYYY-MM-DD), when known. */
  inicio_actividades?: string;
  autorizacion_dte: AutorizacionDte | null;
}

/** Where canonical taxpayer data comes from (the SII, through authenticated sources only: docs/DESIGN.md §4.4). */
export interface TaxpayerSource {
  /** `tenant`'s own record when `rut` is the tenant, a third party's otherwise; undefined when no source knows the RUT. */
  fetch(rut: string, tenant: string): Promise<TaxpayerRecord | undefined>;
}

export const TAXPAYER_SOURCE = Symbol('TAXPAYER_SOURCE');
