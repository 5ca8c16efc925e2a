/** The two printed forms: a LETTER page, or an 80 mm thermal roll. */
export type FormatoPdf = 'carta' | 'termica';

/** The printed forms {@link FormatoPdf} can take, for validation by callers. */
export const FORMATOS_PDF: readonly FormatoPdf[] = ['carta', 'termica'];

/** What the printed document needs besides the DTE itself. */
export interface RepresentacionOptions {
  /** The issuer's SII resolution (FchResol YYYY-MM-DD, NroResol; 0 in certification). */
  resolucion: { fecha: string; numero: number };
  /** The SII office of the issuer, printed under the red box (`S.I.I. - SANTIAGO CENTRO`). */
  oficinaSii: string;
  /** The "CEDIBLE" copy with the acuse de recibo (33 and 34 only; Ley 19.983; LETTER only). */
  cedible?: boolean;
  /** PNG or JPEG logo of the issuer. */
  logo?: Buffer;
  /** `carta` (default): LETTER page(s); `termica`: one 80 mm wide page as long as the content. */
  formato?: FormatoPdf;
}
