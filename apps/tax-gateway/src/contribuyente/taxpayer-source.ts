/** A line of business (giro) with its SII activity code (CIIU4.CL, 6 digits). */
export interface Giro {
  codigo: string;
  descripcion: string;
}

/** A legal representative. */
export interface Representante {
  rut: string;
  nombre: string;
}

/** Canonical taxpayer data as an authenticated SII source gives it. */
export interface TaxpayerRecord {
  rut: string;
  razon_social: string;
  direccion: string;
  comuna: string;
  giros: Giro[];
  representantes: Representante[];
  /** Tax status as the source words it (e.g. `vigente`). */
  estado: string;
  /** Start of activities (YYYY-MM-DD), when known. */
  inicio_actividades?: string;
}

/**
 * Where canonical taxpayer data comes from. The SII has no web service for it; today the source is
 * the sim's stand-in for the authenticated portal page (docs/CONTRACTS.md); the SII portal is the source the open portal issue adds.
 * Authenticated sources only: no captcha circumvention (docs/DESIGN.md §4.4).
 */
export interface TaxpayerSource {
  /**
   * Data of `rut` (canonical form) read with `tenant`'s SII session; undefined when the SII does
   * not know the RUT. Throws problems for upstream failures.
   */
  fetch(rut: string, tenant: string): Promise<TaxpayerRecord | undefined>;
}

/** Injection token of the {@link TaxpayerSource}. */
export const TAXPAYER_SOURCE = Symbol('TAXPAYER_SOURCE');
