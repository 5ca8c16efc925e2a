/**
 * The taxpayer's Mi SII mailbox as data: notifications and the documents the SII issued to them (resolutions,
 * certificates). The real pages' structure is not public (docs/research/sii-protocol.md §9): these shapes are
 * what the project's own reading of those pages gives (libs/portal/src/buzon/parse-buzon.ts), the pages the
 * stand-in (libs/sii-fake, `/cgi_buzon`) serves. Times are America/Santiago wall clock without offset.
 */
export interface Notificacion {
  /** The portal's id of the notification (stable; the `id` of `notificacion.cgi?id=`). */
  id: string;
  /** When it arrived: `YYYY-MM-DDTHH:MM` (America/Santiago), or `YYYY-MM-DD` when the page gives no time. */
  fecha: string;
  asunto: string;
  remitente: string;
  /** Whether the taxpayer already opened it (opening it in the portal marks it read). */
  leida: boolean;
  /** The body as plain text, paragraphs separated by "\n\n"; null in the list page, which does not show it. */
  cuerpo: string | null;
}

/** A document the SII issued to the taxpayer (a resolution, a certificate), downloadable as PDF. */
export interface DocumentoSii {
  /** The portal's id of the document (stable; the `id` of `documento_pdf.cgi?id=`). */
  id: string;
  /** Issue date, `YYYY-MM-DD`. */
  fecha: string;
  /** The kind as the page writes it, e.g. "Resolución", "Certificado". */
  tipo: string;
  titulo: string;
  /** The document's number (a resolution's "N°"); null when the page shows none. */
  numero: string | null;
}
