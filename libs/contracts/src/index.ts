export { EmitirDto, PagoDto, ReceptorDto, ReferenciaDto } from './dte/emitir.dto';
export { CODIGOS_IMPUESTO_ADICIONAL, CodigoItemDto, ComisionDto, DescuentoRecargoDto, DetalleDto } from './dte/detalle.dto';
export { ChoferDto, TransporteDto } from './dte/transporte.dto';
export { AduanaDto, BultoDto, ExportacionDto } from './dte/exportacion.dto';
export {
  EmisionBaseView,
  EmisionDetailView,
  EmitirView,
  EstadoDocumentoView,
  HistorialView,
  ImpuestoAdicionalView,
  MontosView,
  MontosEmisionView,
  MontosExportacionView,
  ReceptorRefView,
} from './dte/emision.view';
export { RecepcionDocumentoView, RecepcionView, RecepcionEnvioView, RespuestaView, VerificacionView } from './recepcion/recepcion.view';
export { PLATFORM_APPS } from './platform-apps';
export type { PlatformApp } from './platform-apps';
export { RESULTADOS_SII, type ResultadoSii } from '@lib/dte';
export {
  BoletaLoteItemDto,
  BoletaView,
  DetalleBoletaDto,
  EmitirBoletaDto,
  EmitirBoletasLoteDto,
  ReceptorBoletaDto,
  ReferenciaBoletaDto,
} from './boleta/boleta.dto';
export {
  DiferenciaRcvView,
  DocumentoRcvView,
  ESTADOS_RCV,
  MontosRcvView,
  RcvLibroView,
  ResumenRcvView,
  type EstadoRcv,
} from './rcv/rcv.view';
export { BoletaHonorariosView, HonorariosRecibidosView } from './honorarios/honorarios.view';
export { ContraparteView, MovimientoView, MovimientosPageView } from './banco/banco.view';
