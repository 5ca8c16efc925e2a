/** A line of business (giro) with its SII activity code (CIIU4.CL, 6 digits; empty when the source shows none). */
export interface Giro {
  codigo: string;
  descripcion: string;
}

/** A legal representative. */
export interface Representante {
  rut: string;
  nombre: string;
}

/**
 * Where a record came from (docs/tax-gateway.md "Taxpayer data"): the taxpayer's own carpeta tributaria (a tenant's
 * own data, complete), or the SII's list of DTE-authorized taxpayers (a third party: legal name and authorization only).
 */
export type FuenteContribuyente = 'carpeta_tributaria' | 'contribuyentes_autorizados';

/** The taxpayer's authorization to issue DTEs, as the SII's list of authorized taxpayers has it. */
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
  /**
   * Data of `rut` (canonical form): `tenant`'s own when `rut` is the tenant, a third party's otherwise; undefined when
   * no source knows the RUT. Throws problems for upstream failures.
   */
  fetch(rut: string, tenant: string): Promise<TaxpayerRecord | undefined>;
}

/** Injection token of the {@link TaxpayerSource}. */
export const TAXPAYER_SOURCE = Symbol('TAXPAYER_SOURCE');
