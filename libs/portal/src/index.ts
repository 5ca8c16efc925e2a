// Public API of @lib/portal: readers of the SII portal's pages (docs/research/sii-protocol.md §7-§9).
export { CarpetaParseError, datosF29, parseCarpetaTributaria } from './carpeta/parse-carpeta';
export type {
  BoletasPeriodo,
  CarpetaTributaria,
  DeclaracionIva,
  DeclaracionRenta,
  PersonaCarpeta,
  PropiedadCarpeta,
} from './carpeta/carpeta.types';
export { fechaHoraIso, fechaIso, montoClp, periodoIso, rutCanonico, siNo } from './carpeta/formats';
export { decodeHtml } from './carpeta/decode-html';
