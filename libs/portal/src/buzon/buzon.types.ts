/**
 * A Mi SII notification; the real pages are not public (docs/research/sii-protocol.md §9), these shapes are the project's reading
 * (parse-buzon.ts). `fecha` `YYYY-MM-DDTHH:MM` America/Santiago (or date only); `cuerpo` null on the list page.
 */
export interface Notificacion {
  id: string;
  fecha: string;
  asunto: string;
  remitente: string;
  leida: boolean;
  cuerpo: string | null;
}

/** A resolution or certificate the SII issued to the taxpayer, downloadable as PDF. */
export interface DocumentoSii {
  id: string;
  fecha: string;
  tipo: string;
  titulo: string;
  numero: string | null;
}
