import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBase64, IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Matches, Max, Min } from 'class-validator';
import { MontosDto } from '@lib/contracts';
import { IsRut } from '@lib/rut';
import { IsAbsentOr } from '@lib/schemas';

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

/** One check of a received file or DTE. */
export class VerificacionDto {
  @ApiProperty({
    example: 'ted_firma',
    description:
      'xsd, firma_envio, caratula_receptor (file); firma_documento, ted_firma, caf, caf_emisor, receptor, ted_documento, totales (document)',
  })
  verificacion!: string;

  @ApiProperty()
  ok!: boolean;

  @ApiPropertyOptional({ example: 'FRMT does not verify with the CAF key' })
  detalle?: string;
}

/** A signed answer to the supplier (exact bytes). */
export class RespuestaDto {
  @ApiProperty({ example: '3b0b7f3e-1c1a-4c55-9b1e-2f0f1c2d3e4f' })
  respuesta_id!: string;

  @ApiProperty({ enum: ['RecepcionEnvio', 'ResultadoDTE', 'EnvioRecibos'] })
  tipo!: string;

  @ApiProperty({ example: 12, description: 'Caratula IdRespuesta' })
  numero!: number;

  @ApiProperty({ example: 'a3f1...', description: 'sha256 of the bytes, hex' })
  sha256!: string;

  @ApiProperty({ description: 'The signed answer, base64 of the exact ISO-8859-1 bytes' })
  xml_base64!: string;

  @ApiProperty({ example: '2026-11-24T12:00:00.000Z' })
  created_at!: string;
}

/** A received DTE. */
export class RecepcionDto {
  @ApiProperty({ example: '6f1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e' })
  recepcion_id!: string;

  @ApiProperty({ example: '76086428-5' })
  tenant!: string;

  @ApiProperty({ example: '2d1c0b9a-8f7e-4d6c-9b5a-4f3e2d1c0b9a' })
  envio_id!: string;

  @ApiProperty({ example: '96790240-3' })
  rut_emisor!: string;

  @ApiProperty({ example: 'Proveedora Los Andes SpA' })
  razon_social_emisor!: string;

  @ApiProperty({
    nullable: true,
    type: String,
    example: 'dte@proveedora.cl',
    description: "The supplier's CorreoEmisor: where the answers go",
  })
  correo_intercambio!: string | null;

  @ApiProperty({ example: 33 })
  tipo_dte!: number;

  @ApiProperty({ example: 60 })
  folio!: number;

  @ApiProperty({ example: '2026-11-20' })
  fecha_emision!: string;

  @ApiProperty({ example: '76086428-5' })
  rut_receptor!: string;

  @ApiProperty({ type: MontosDto })
  montos!: MontosDto;

  @ApiProperty({ enum: ['recibido', 'rechazado'], description: 'recibido: every check held' })
  estado!: string;

  @ApiProperty({ example: 0, description: 'EstadoRecepDTE: 0 ok, 1 signature, 2 issuer RUT, 3 receiver RUT, 99 other' })
  estado_recepcion!: number;

  @ApiProperty({ example: 'DTE Recibido OK' })
  glosa!: string;

  @ApiProperty({ nullable: true, type: String, enum: ['aceptado', 'aceptado_con_reparos', 'rechazado'] })
  estado_comercial!: string | null;

  @ApiProperty({ example: '2026-11-24T12:00:00.000Z' })
  created_at!: string;
}

/** A DTE of a reception answer: `duplicado` when it had been received before (the stored result, no new record). */
export class RecepcionDocumentoDto extends RecepcionDto {
  @ApiProperty()
  duplicado!: boolean;
}

/** Answer of POST /tax/recepcion/dte. */
export class RecepcionEnvioDto {
  @ApiProperty({ example: '2d1c0b9a-8f7e-4d6c-9b5a-4f3e2d1c0b9a' })
  envio_id!: string;

  @ApiProperty({ example: '76086428-5' })
  tenant!: string;

  @ApiProperty({ example: 'EnvioDTE.xml' })
  nombre_archivo!: string;

  @ApiProperty({ description: 'sha256 of the received bytes, hex' })
  sha256!: string;

  @ApiProperty({ example: 0, description: 'EstadoRecepEnv: 0 ok, 1 schema, 2 signature, 3 receiver RUT, 99 other' })
  estado_envio!: number;

  @ApiProperty({ example: 'Envio Recibido Conforme' })
  glosa!: string;

  @ApiProperty({ description: 'The same bytes had been received before: the stored result, nothing new stored' })
  duplicado!: boolean;

  @ApiProperty({ type: [VerificacionDto], description: 'Checks of the file as a whole' })
  verificaciones!: VerificacionDto[];

  @ApiProperty({ type: [RecepcionDocumentoDto] })
  documentos!: RecepcionDocumentoDto[];

  @ApiProperty({ type: RespuestaDto, description: 'The signed RecepcionEnvio to deliver to the supplier' })
  respuesta!: RespuestaDto;

  @ApiProperty({ nullable: true, type: String, example: 'dte@proveedora.cl', description: 'Where to deliver the answer (CorreoEmisor)' })
  correo_intercambio!: string | null;
}

/** GET /tax/recepcion/{recepcion_id}. */
export class RecepcionDetailDto extends RecepcionDto {
  @ApiProperty({ type: [VerificacionDto], description: 'Checks of the file, then of the document' })
  verificaciones!: VerificacionDto[];

  @ApiProperty({ example: 'EnvioDTE.xml' })
  nombre_archivo!: string;

  @ApiProperty({ description: 'The file as received, base64 of the exact bytes' })
  xml_base64!: string;

  @ApiProperty({ type: [RespuestaDto], description: 'Every answer given for it, oldest first' })
  respuestas!: RespuestaDto[];
}

/** `{recepcion_id}` path parameter. */
export class RecepcionIdParamDto {
  @ApiProperty({ example: '6f1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e' })
  @IsUUID()
  recepcion_id!: string;
}

/** Filters of GET /tax/recepcion (newest first). */
export class RecepcionListQueryDto {
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

  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit = 50;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset = 0;
}

/** A page of received DTEs. */
export class RecepcionPageDto {
  @ApiProperty({ type: [RecepcionDto] })
  items!: RecepcionDto[];

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
