import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBase64, IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Matches, Max, Min } from 'class-validator';
import { RecepcionView, RespuestaView, VerificacionView } from '@lib/contracts';
import { IsRut } from '@lib/rut';
import { IsAbsentOr } from '@lib/schemas';
import { PaginaQueryDto } from '@lib/schemas';

// The answer shapes are a contract with the gateway's callers (libs/contracts).
export { RecepcionDocumentoView, RecepcionView, RecepcionEnvioView, RespuestaView, VerificacionView } from '@lib/contracts';

/** JSON body of POST /tax/recepcion/dte (multipart carries the same `tenant` and the file as `file`). */
export class RecibirDteDto {
  @ApiProperty({ example: '76086428-5', description: 'The receiver: Caratula RutReceptor and every RUTRecep must be it' })
  @IsRut()
  tenant!: string;

  @ApiProperty({ description: 'The EnvioDTE (or a standalone DTE) as the supplier sent it, base64 of the exact bytes' })
  @IsString()
  @IsBase64()
  xml_base64!: string;

  @ApiPropertyOptional({ example: 'EnvioDTE_76086428-5_33_60.xml', description: 'File name as received (NmbEnvio of the answer)' })
  @IsAbsentOr()
  @IsString()
  @Length(1, 200)
  nombre_archivo?: string;
}

export class RecepcionDetailView extends RecepcionView {
  @ApiProperty({ type: [VerificacionView], description: 'Checks of the file, then of the document' })
  verificaciones!: VerificacionView[];

  @ApiProperty({ example: 'EnvioDTE.xml' })
  nombre_archivo!: string;

  @ApiProperty({ description: 'The file as received, base64 of the exact bytes' })
  xml_base64!: string;

  @ApiProperty({ type: [RespuestaView], description: 'Every answer given for it, oldest first' })
  respuestas!: RespuestaView[];
}

export class RecepcionIdParamDto {
  @ApiProperty({ example: '6f1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e' })
  @IsUUID()
  recepcion_id!: string;
}

/** Filters of GET /tax/recepcion (newest first). */
export class RecepcionListQueryDto extends PaginaQueryDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;

  @ApiPropertyOptional({ example: '96790240-3' })
  @IsOptional()
  @IsRut()
  rut_emisor?: string;

  @ApiPropertyOptional({ example: 33 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(999)
  tipo_dte?: number;

  @ApiPropertyOptional({ example: '2026-11', description: 'Month of fecha_emision, YYYY-MM' })
  @IsOptional()
  @Matches(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, { message: 'periodo must be YYYY-MM' })
  periodo?: string;

  @ApiPropertyOptional({ enum: ['recibido', 'rechazado'] })
  @IsOptional()
  @IsIn(['recibido', 'rechazado'])
  estado?: string;
}

export class RecepcionPageView {
  @ApiProperty({ type: [RecepcionView] })
  items!: RecepcionView[];

  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

/** POST /tax/recepcion/{recepcion_id}/resultado: the commercial answer (ResultadoDTE). */
export class ResultadoBodyDto {
  @ApiProperty({ enum: ['aceptado', 'aceptado_con_reparos', 'rechazado'], description: 'EstadoDTE 0, 1, 2' })
  @IsIn(['aceptado', 'aceptado_con_reparos', 'rechazado'])
  estado!: 'aceptado' | 'aceptado_con_reparos' | 'rechazado';

  @ApiPropertyOptional({ example: 'Precio no corresponde a la orden de compra', description: 'EstadoDTEGlosa (≤ 256)' })
  @IsAbsentOr()
  @IsString()
  @Length(1, 256)
  glosa?: string;
}

/** POST /tax/recepcion/{recepcion_id}/recibo: receipt of goods or services (Ley 19.983). */
export class ReciboBodyDto {
  @ApiProperty({ example: 'Bodega central, San Diego 2222', description: 'Recinto: where they were received (≤ 80)' })
  @IsString()
  @Length(1, 80)
  recinto!: string;
}
