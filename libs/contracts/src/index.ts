export {
  CODIGOS_IMPUESTO_ADICIONAL,
  CodigoItemDto,
  DescuentoRecargoDto,
  DetalleDto,
  EmitirDto,
  PagoDto,
  ReceptorDto,
  ReferenciaDto,
} from './dte/emitir.dto';
export {
  EmisionBaseDto,
  EmisionDetailDto,
  EmitirResponseDto,
  EstadoDocumentoDto,
  HistorialDto,
  ImpuestoAdicionalDto,
  MontosDto,
  MontosEmisionDto,
  ReceptorRefDto,
} from './dte/emision.dto';
export { RecepcionDocumentoDto, RecepcionDto, RecepcionEnvioDto, RespuestaDto, VerificacionDto } from './recepcion/recepcion.dto';
