/** A LETTER page, or an 80 mm thermal roll as long as the content. */
export type FormatoPdf = 'carta' | 'termica';

export const FORMATOS_PDF: readonly FormatoPdf[] = ['carta', 'termica'];

/** resolucion: FchResol, NroResol (0 in certification); oficinaSii under the red box; cedible copy (33, 34, LETTER; Ley 19.983). */
export interface RepresentacionOptions {
  resolucion: { fecha: string; numero: number };
  oficinaSii: string;
  cedible?: boolean;
  logo?: Buffer;
  formato?: FormatoPdf;
}
