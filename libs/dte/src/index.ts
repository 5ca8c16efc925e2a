// Public API of @lib/dte (docs/CONTRACTS.md "libs/dte"). Each export documents its SII source.
export { DteError, DteParseError, DteEncodingError, DteBuildError, DteAssetsError, DteImageError } from './errors';
export {
  assertVerifiableEncoding,
  decodeXml,
  decodeXmlExact,
  encodeLatin1,
  encodeXmlExact,
  flattenXml,
  declaredEncoding,
  type DecodedXml,
} from './xml/encoding';
export { escapeXml, asciiCharacterReferences } from './xml/escape';
export { SII_NAMESPACE, conNamespaceSii, declaraNamespace, sinDocPersonalizado } from './xml/formas';
export { checkRsaKeyValue, type RsaKeyValueCheck } from './xml/xmldsig-key';
export { findPlain, parsePlainXml, plainChildren, plainText, type PlainElement } from './xml/plain';
export {
  assertNoDtd,
  child,
  childElements,
  findAll,
  findFirst,
  findPath,
  localName,
  numAt,
  parseXml,
  parseXmlDocument,
  requiredText,
  textAt,
  textOf,
} from './xml/dom';
export { validateXsd, type XsdSchemaName, type XsdResult } from './xsd';
export { dteAssetsDir, findAssetsDir, siiCafCertificate, type AssetsLookup } from './assets';
export {
  parseCaf,
  verifyCafSignature,
  cafPublicKey,
  cafPublicKeyPem,
  cafKeyPairMatches,
  verifyTedSignature,
  cafLastValidDate,
  type Caf,
  type RsaPk,
} from './caf';
export {
  computeTotals,
  montoItem,
  FACTURA_COMPRA,
  RETENCIONES_IVA,
  TASA_IVA,
  type Montos,
  type LineaTotales,
  type TipoDteEmision,
} from './totals';
export * from './dates';
export { buildDd, buildTed, type DdInput } from './builders/dd-ted';
export {
  buildDte,
  documentoTotals,
  exportacionTotals,
  ddInputFromDocumento,
  type DocumentoInput,
  type EmisorInput,
  type ReceptorInput,
  type DetalleInput,
  type ReferenciaInput,
  type TransporteInput,
} from './builders/documento';
export { buildEnvioBoleta, buildEnvioDte, SII_RUT, type CaratulaInput, type EnvioDteInput } from './builders/envio';
export {
  RSR_CONSUMIDOR_FINAL,
  RUT_CONSUMIDOR_FINAL,
  buildBoleta,
  ddInputFromBoleta,
  totalesBoleta,
  type BoletaInput,
  type DetalleBoletaInput,
  type IndServicioBoleta,
  type MontosBoleta,
  type ReceptorBoletaInput,
  type ReferenciaBoletaInput,
  type TipoBoleta,
} from './builders/boleta';
export {
  parseDteDocuments,
  type ParsedDte,
  type OtrosTotales,
  type ParsedDetalle,
  type ParsedDscRcg,
  type ParsedPago,
  type ParsedReferencia,
  type ParsedTed,
} from './parsers/received';
export { parseSiiRespuesta, parseRecepcionDte, parseRecepcionAec, type SiiRespuesta, type RecepcionDte } from './parsers/sii-answers';
export {
  TIPOS_CEDIBLES,
  buildAec,
  buildCesion,
  buildDteCedido,
  type CaratulaAecInput,
  type CesionInput,
  type IdDteInput,
  type ParteCesionInput,
} from './builders/aec';
export { parseAec, type AecLeido, type CesionLeida } from './parsers/aec';
export {
  SOAP_HEADERS,
  SoapRequestError,
  parseSoapCall,
  parseSoapReturn,
  soapFault,
  soapNamespace,
  soapRequest,
  soapResponse,
  type SoapCall,
} from './soap/envelope';
export {
  REGISTRO_RECLAMO_NS,
  parseSoapLiteralReturn,
  soapLiteralRequest,
  soapLiteralResponse,
  type SoapLiteralValue,
} from './soap/literal';
export {
  buildRespuestaDte,
  recepcionDteFromParsed,
  resultadoDteFromParsed,
  type RespuestaDteInput,
  type RespuestaCaratulaInput,
  type RecepcionEnvioInput,
  type RecepcionDteInput,
  type ResultadoDteInput,
} from './builders/respuesta';
export {
  buildRecibo,
  buildEnvioRecibos,
  reciboId,
  RECIBO_DECLARACION,
  type ReciboInput,
  type EnvioRecibosCaratulaInput,
} from './builders/recibos';
export {
  buildLibroCompraVenta,
  CODIGOS_OTROS_IMP_LIBRO_CV,
  type LibroInput,
  type LibroCaratulaInput,
  type LibroDetalleInput,
} from './builders/libro';
export {
  buildLibroGuia,
  resumenLibroGuia,
  type LibroGuiaInput,
  type LibroGuiaCaratulaInput,
  type LibroGuiaDetalleInput,
  type ResumenLibroGuia,
} from './builders/libro-guia';
export {
  renderDtePdf,
  ACUSE_RECIBO_LEY_19983,
  ANCHO_TERMICA,
  FORMA_PAGO,
  FORMATOS_PDF,
  leyendaTimbre,
  type FormatoPdf,
  type RepresentacionOptions,
} from './pdf/render';
export { normalizeLogo, LOGO_LIMITS } from './pdf/logo';
export { collect as collectPdf } from './pdf/pdf-doc';
export {
  TIPOS_BOLETA,
  TIPOS_CON_CAF,
  TIPOS_DTE_EMITIDOS,
  TIPOS_DTE_INTERCAMBIO,
  TIPOS_DTE_VENTA,
  TIPOS_LIBRO_CV,
  describeTipoDte,
  tipoNoRecibible,
} from './tipos-dte';
export { siiTextProblem } from './builders/text';
export { timbreBytes, timbrePdf417 } from './pdf/timbre';
export { formatPesos, formatDecimal, formatFecha, formatPorcentaje, NOMBRE_DOCUMENTO } from './pdf/format';
export { tedCaf, tedDiscrepancias, totalesDiscrepancias, type TedDiscrepancia, type TotalDiscrepancia } from './checks/recibido';
export {
  lineasDelCaso,
  numerosDeAtencion,
  parseSetPruebas,
  type CasoSet,
  type LineaSet,
  type ResolvedLine,
  type SetPruebas,
} from './certificacion/set-pruebas';
export {
  detalleLibroComprasSet,
  parseLibroComprasSet,
  type DocumentoLibroSet,
  type LibroComprasSet,
} from './certificacion/set-libro-compras';
export {
  DECLARACION_LATIN1,
  ESTADOS_ENVIO_EN_PROCESO,
  ESTADOS_ENVIO_BOLETA_RECHAZADO,
  ESTADOS_ENVIO_RECHAZADO,
  PERIODO_TRIBUTARIO,
  RESULTADOS_SII,
  resultadoDeBoleta,
  resultadoDeEnvio,
  resultadoDeLibro,
  resultadoDeAec,
  ESTADOS_AEC_EN_PROCESO,
  type BoletaObservada,
  type ConteoEnvio,
  type ResultadoSii,
} from './estados-sii';
export {
  parseEstadoBoleta,
  parseEstadoEnvioBoleta,
  parseResultadoEnvioBoleta,
  type BoletaObservadaDetalle,
  type ErrorBoleta,
  type EstadoEnvioBoleta,
} from './parsers/boleta-answers';
export { LIQUIDACION_FACTURA, type ComisionInput, type MontosComisiones } from './comisiones';
export {
  TIPOS_EXPORTACION,
  RUT_RECEPTOR_EXPORTACION,
  MONEDA_PESO,
  FORMA_PAGO_EXPORTACION_SIN_PAGO,
  esExportacion,
  tablaAduana,
  nombreAduana,
  totalesExportacion,
  montosEnPesos,
  aPesos,
  type TipoExportacion,
  type TablaAduana,
  type AduanaInput,
  type BultoInput,
  type ExportacionInput,
  type LineaExportacion,
  type MontosExportacion,
} from './exportacion';
