export { DetalleDto, EmitirDto, ReceptorDto, ReferenciaDto } from './dte/emitir.dto';
export { EmisionBaseDto, EmitirResponseDto, MontosDto } from './dte/emision.dto';
