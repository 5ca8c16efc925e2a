// Public API of @lib/dte (docs/CONTRACTS.md "libs/dte"). Each export documents its SII source.
export { DteError, DteParseError, DteEncodingError, DteBuildError, DteAssetsError } from './errors';
export { decodeXml, encodeLatin1, flattenXml, escapeXml, declaredEncoding } from './encoding';
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
export { computeTotals, montoItem, TASA_IVA, type Montos, type LineaTotales, type TipoDteEmision } from './totals';
export {
  FECHA_SII_MAXIMA,
  FECHA_SII_MINIMA,
  fechaFueraDeRango,
  fechaMaxima,
  isCalendarDate,
  periodoFueraDeRango,
  santiagoDate,
  santiagoTimestamp,
} from './dates';
export { buildDd, buildTed, type DdInput } from './builders/dd-ted';
export {
  buildDte,
  documentoTotals,
  ddInputFromDocumento,
  type DocumentoInput,
  type EmisorInput,
  type ReceptorInput,
  type DetalleInput,
  type ReferenciaInput,
} from './builders/documento';
export { buildEnvioDte, SII_RUT, type CaratulaInput, type EnvioDteInput } from './builders/envio';
export { parseDteDocuments, type ParsedDte, type ParsedDetalle, type ParsedReferencia, type ParsedTed } from './parsers/received';
export { parseSoapReturn, parseSiiRespuesta, parseRecepcionDte, type SiiRespuesta, type RecepcionDte } from './parsers/sii-answers';
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
export { buildLibroCompraVenta, type LibroInput, type LibroCaratulaInput, type LibroDetalleInput } from './builders/libro';
