// Public API of @lib/portal: readers of the SII portal's pages (docs/research/sii-protocol.md §7-§9).
export { CarpetaParseError, datosF29, parseCarpetaTributaria } from './carpeta/parse-carpeta';
export type * from './carpeta/carpeta.types';
export { fechaHoraIso, fechaIso, montoClp, periodoIso, rutCanonico, siNo } from './carpeta/formats';
export { decodeHtml } from './carpeta/decode-html';
export { RegistroParseError, parseEmpresa, parseHistorialEmpresa } from './registro/parse-empresa';
export type { RegistroParseMotivo } from './registro/parse-empresa';
export type { AdministradorEmpresa, Empresa, ModificacionEmpresa, SocioEmpresa } from './registro/empresa.types';
export { BuzonParseError, parseDocumentos, parseNotificacion, parseNotificaciones } from './buzon/parse-buzon';
export type { BuzonParseMotivo } from './buzon/parse-buzon';
export type { DocumentoSii, Notificacion } from './buzon/buzon.types';
export { FoliosParseError, parseConsultaFolios, type EstadoFolio } from './folios/parse-folios';
export { textoSetDePruebas } from './certificacion/texto-set';
export { BHE_FILAS_POR_PAGINA, BheParseError, parseBheRecibidas } from './honorarios/parse-bhe-recibidas';
export type { BoletaHonorariosRecibida, PaginaBheRecibidas } from './honorarios/parse-bhe-recibidas';
