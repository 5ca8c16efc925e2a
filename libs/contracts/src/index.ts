export { DetalleDto, EmitirDto, ReceptorDto, ReferenciaDto } from './dte/emitir.dto';
export {
  EmisionBaseDto,
  EmisionDetailDto,
  EmitirResponseDto,
  EstadoDocumentoDto,
  HistorialDto,
  MontosDto,
  ReceptorRefDto,
} from './dte/emision.dto';
export { RecepcionDocumentoDto, RecepcionDto, RecepcionEnvioDto, RespuestaDto, VerificacionDto } from './recepcion/recepcion.dto';
