export { DetalleDto, EmitirDto, ReceptorDto, ReferenciaDto } from './dte/emitir.dto';
export { EmissionBaseDto, EmitirResponseDto, MontosDto } from './dte/emision.dto';
