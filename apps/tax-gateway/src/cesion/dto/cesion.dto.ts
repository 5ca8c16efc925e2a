import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBase64,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { TIPOS_CEDIBLES } from '@lib/dte';
import { HistorialView, RESULTADOS_SII, type ResultadoSii } from '@lib/contracts';
import { IsRut } from '@lib/rut';
import { ArrayOfObjects, IsFecha } from '@lib/schemas';

/** The factoring company that takes the invoice (Cesion/Cesionario, Cesion_v10.xsd). */
export class CesionarioDto {
  @ApiProperty({ example: '96500000-1' })
  @IsRut()
  rut!: string;

  @ApiProperty({ example: 'Factoring del Sur S.A.', maxLength: 100 })
  @IsString()
  @Length(1, 100)
  razon_social!: string;

  @ApiProperty({ example: 'Huérfanos 800, Santiago', description: 'Direccion, 5 to 80 characters' })
  @IsString()
  @Length(5, 80)
  direccion!: string;

  @ApiProperty({ example: 'operaciones@factoring.cl', maxLength: 80 })
  @IsEmail()
  @MaxLength(80)
  email!: string;
}

/** A person who signs the cesión for the cedente (RUTAutorizado: in signing order, FMT C.2). */
export class AutorizadoDto {
  @ApiProperty({ example: '11111111-1' })
  @IsRut()
  rut!: string;

  @ApiProperty({ example: 'Juana Pérez Soto', description: 'Nombre (cut to 40)' })
  @IsString()
  @Length(1, 80)
  nombre!: string;
}

/** POST /tax/cesion/ceder: the tenant assigns one of its own facturas (33, 34, 43, 46), or one it holds by a cesión, to a factoring company. */
export class CederDto {
  @ApiProperty({ example: '76086428-5', description: 'The cedente: the tenant that issued the document' })
  @IsRut()
  tenant!: string;

  @ApiPropertyOptional({
    example: '76086428-5',
    description:
      'The issuer of the document when it is not the tenant: a document the tenant holds by an AEC it received, assigned on ' +
      '(SeqCesion + 1)',
  })
  @IsOptional()
  @IsRut()
  rut_emisor?: string;

  @ApiProperty({ example: 33, enum: [...TIPOS_CEDIBLES] })
  @IsInt()
  @IsIn(TIPOS_CEDIBLES)
  tipo_dte!: number;

  @ApiProperty({ example: 1 })
  @IsInt()
  @Min(1)
  @Max(9_999_999_999)
  folio!: number;

  @ApiProperty({ type: CesionarioDto })
  @IsObject()
  @ValidateNested()
  @Type(() => CesionarioDto)
  cesionario!: CesionarioDto;

  @ApiPropertyOptional({
    example: 142788,
    description: 'MontoCesion, whole CLP, at most the document’s total (422 monto_cesion_exceeds_total); the total when absent',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(999_999_999_999_999)
  monto?: number;

  @ApiPropertyOptional({
    example: '2026-02-15',
    description: 'UltimoVencimiento, not before FchEmis (422 vencimiento_before_emision); FchEmis + 30 days when absent',
  })
  @IsOptional()
  @IsFecha()
  ultimo_vencimiento?: string;

  @ApiProperty({ example: 'cobranza@empresa.cl', description: 'eMail of the cedente in the cesión and emailNotif of the upload' })
  @IsEmail()
  @MaxLength(80)
  email!: string;

  @ApiPropertyOptional({
    type: [AutorizadoDto],
    maxItems: 1,
    description:
      'RUTAutorizado, the person who signs: the signing certificate’s holder when absent. The signing service signs the cesión ' +
      'once, and FMT C.2 wants as many signatures, in the same order, as RUTAutorizado: so one',
  })
  @IsOptional()
  @ArrayOfObjects(() => AutorizadoDto, { min: 1, max: 1 })
  autorizados?: AutorizadoDto[];

  @ApiPropertyOptional({
    description:
      'The receipt was given on paper (FMT C.14): the AEC carries the SII’s DeclaracionJurada text, and the cesión may go before ' +
      'the 8 days of Ley 19.983 pass without an electronic acuse',
  })
  @IsOptional()
  @IsBoolean()
  declaracion_jurada?: boolean;

  @ApiPropertyOptional({ maxLength: 512 })
  @IsOptional()
  @IsString()
  @Length(1, 512)
  otras_condiciones?: string;

  @ApiPropertyOptional({ example: 'pagos@deudor.cl', description: 'eMailDeudor' })
  @IsOptional()
  @IsEmail()
  @MaxLength(80)
  email_deudor?: string;
}

/** POST /tax/cesion/recibir: an AEC that assigns a document to the tenant, as the cedente sent it. */
export class RecibirAecDto {
  @ApiProperty({ example: '96500000-1', description: 'The cesionario: the tenant that receives the AEC' })
  @IsRut()
  tenant!: string;

  @ApiProperty({ description: 'The AEC file (ISO-8859-1 XML), base64, at most 6 MB' })
  @IsString()
  @MaxLength(8_000_000)
  @IsBase64()
  aec_base64!: string;
}

export class CesionIdParamDto {
  @ApiProperty({ example: '0d7f4c56-3f6e-4b1e-9d0a-0b1a5c1f2e3d' })
  @IsUUID()
  cesion_id!: string;
}

/** A cesión as the gateway keeps it. */
export class CesionView {
  @ApiProperty({ format: 'uuid' }) cesion_id!: string;
  @ApiProperty({ enum: ['cedente', 'cesionario'] }) rol!: 'cedente' | 'cesionario';
  @ApiProperty({ example: '76086428-5' }) rut_emisor!: string;
  @ApiProperty({ example: 33 }) tipo_dte!: number;
  @ApiProperty({ example: 1 }) folio!: number;
  @ApiProperty({ example: 1, description: 'SeqCesion' }) seq!: number;
  @ApiProperty({ example: '76086428-5' }) rut_cedente!: string;
  @ApiProperty({ example: '96500000-1' }) rut_cesionario!: string;
  @ApiProperty({ example: 'Factoring del Sur S.A.' }) razon_social_cesionario!: string;
  @ApiProperty({ example: 142788, description: 'MontoCesion, whole CLP' }) monto!: number;
  @ApiProperty({ example: '2026-02-15' }) ultimo_vencimiento!: string;
  @ApiProperty({
    example: 'uploaded',
    description:
      'signed | uploading | uploaded | upload_failed, then the registry’s ESTADO_ENVIO (RCP ... EOK, RSC, RFS, RCR, RDC, RCS); recibido for an AEC received',
  })
  estado!: string;
  @ApiPropertyOptional({ example: 'Envio Aceptado', nullable: true }) glosa!: string | null;
  @ApiProperty({ enum: RESULTADOS_SII }) resultado!: ResultadoSii;
  @ApiPropertyOptional({ example: '0000038936', nullable: true }) trackid!: string | null;
  @ApiProperty({ type: [HistorialView] }) historial!: HistorialView[];
}
