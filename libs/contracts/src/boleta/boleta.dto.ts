import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { IsRut } from '@lib/rut';
import { ArrayOfObjects, IsFecha } from '@lib/schemas';
import { TIPOS_BOLETA, type IndServicioBoleta, type TipoBoleta } from '@lib/dte';
import { DetalleDto } from '../dte/detalle.dto';
import { EmisionBaseView, ReceptorRefView } from '../dte/emision.view';

/** The buyer of a boleta (EnvioBOLETA_v11.xsd Receptor): only the RUT is required, and the whole of it is optional. */
export class ReceptorBoletaDto {
  @ApiProperty({ example: '77777777-7' })
  @IsRut()
  rut!: string;

  @ApiPropertyOptional({ example: 'Juana Pérez', maxLength: 100, description: 'RznSocRecep' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  razon_social?: string;

  @ApiPropertyOptional({ example: 'juana@example.cl', maxLength: 80, description: 'Contacto (e-mail or phone)' })
  @IsOptional()
  @IsString()
  @Length(1, 80)
  contacto?: string;

  @ApiPropertyOptional({ example: 'Av. Matta 1', maxLength: 70, description: 'DirRecep (longer is truncated)' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  direccion?: string;

  @ApiPropertyOptional({ example: 'Santiago', maxLength: 20, description: 'CmnaRecep (longer is truncated)' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  comuna?: string;
}

/** A boleta line: prices and amounts IVA included (docs/research/boletas.md §2.1); no non-billable or additional-tax lines. */
export class DetalleBoletaDto extends OmitType(DetalleDto, [
  'no_facturable',
  'no_facturable_negativo',
  'garantia_envase',
  'codigo_impuesto_adicional',
  'tipo_doc_liq',
] as const) {}

/** Referencia of EnvioBOLETA_v11.xsd (no FchRef): a certification case is `SET` / case number / `CASO-N`. */
export class ReferenciaBoletaDto {
  @ApiPropertyOptional({ example: 'SET', maxLength: 3, description: 'TpoDocRef' })
  @IsOptional()
  @IsString()
  @Length(1, 3)
  tipo_doc?: string;

  @ApiPropertyOptional({ example: '1', maxLength: 18, description: 'FolioRef' })
  @IsOptional()
  @IsString()
  @Length(1, 18)
  folio?: string;

  @ApiPropertyOptional({ example: 'SET', maxLength: 18, description: 'CodRef' })
  @IsOptional()
  @IsString()
  @Length(1, 18)
  codigo?: string;

  @ApiPropertyOptional({ example: 'CASO-1', maxLength: 90, description: 'RazonRef' })
  @IsOptional()
  @IsString()
  @Length(1, 90)
  razon?: string;
}

/**
 * Body of the tax-gateway's `POST /tax/boleta/emitir` (docs/tax-gateway.md "Boletas"): one boleta 39 or 41, signed at once
 * and sent to the SII with the tenant's other boletas of the moment in one EnvioBOLETA. Amounts CLP, IVA included; dates
 * `YYYY-MM-DD` in America/Santiago.
 */
export class EmitirBoletaDto {
  @ApiProperty({ example: '76086428-5', description: 'Issuer (tenant) RUT; its legal data comes from contribuyente/datos' })
  @IsRut()
  tenant!: string;

  @ApiProperty({ example: 39, enum: [...TIPOS_BOLETA], description: '39 boleta afecta, 41 boleta exenta' })
  @IsInt()
  @IsIn(TIPOS_BOLETA)
  tipo_dte!: TipoBoleta;

  @ApiPropertyOptional({ example: '2026-01-15', description: 'FchEmis YYYY-MM-DD; today in America/Santiago when absent' })
  @IsOptional()
  @IsFecha()
  fecha_emision?: string;

  @ApiPropertyOptional({
    enum: [1, 2, 3, 4],
    description:
      'IndServicio (EnvioBOLETA_v11.xsd, required in the document): 1 servicios periódicos, 2 servicios periódicos domiciliarios, ' +
      '3 ventas y servicios (when absent), 4 espectáculos por cuenta de terceros',
  })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2, 3, 4])
  indicador_servicio?: IndServicioBoleta;

  @ApiPropertyOptional({ example: 81234567, description: 'CdgSIISucur of the issuing branch (PUT /tax/emisores); its address is printed' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(999_999_999)
  codigo_sucursal?: number;

  @ApiPropertyOptional({ type: ReceptorBoletaDto, description: 'The buyer; the anonymous consumer 66666666-6 when absent' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ReceptorBoletaDto)
  receptor?: ReceptorBoletaDto;

  @ApiProperty({ type: [DetalleBoletaDto], minItems: 1, maxItems: 1000 })
  @ArrayOfObjects(() => DetalleBoletaDto, { min: 1, max: 1000 })
  detalle!: DetalleBoletaDto[];

  @ApiPropertyOptional({ type: [ReferenciaBoletaDto], maxItems: 40 })
  @IsOptional()
  @ArrayOfObjects(() => ReferenciaBoletaDto, { max: 40 })
  referencias?: ReferenciaBoletaDto[];
}

/** Answer (201) of `POST /tax/boleta/emitir`: signed, with its folio; the trackid once its EnvioBOLETA went out. */
export class BoletaView extends EmisionBaseView {
  @ApiProperty({
    example: null,
    nullable: true,
    type: String,
    description: 'The SII trackid of the EnvioBOLETA (15 digits); null until sent',
  })
  trackid!: string | null;

  @ApiProperty({ type: ReceptorRefView })
  receptor!: ReceptorRefView;
}

/** One boleta of a lote: `EmitirBoletaDto` without the tenant, which the lote names once. */
export class BoletaLoteItemDto extends OmitType(EmitirBoletaDto, ['tenant'] as const) {}

/**
 * Body of the tax-gateway's `POST /tax/boleta/lote`: up to 500 boletas of one tenant, issued by a job one by one (a refused
 * boleta does not stop the others) and sent together (docs/tax-gateway.md "Boletas").
 */
export class EmitirBoletasLoteDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;

  @ApiProperty({ type: [BoletaLoteItemDto], minItems: 1, maxItems: 500 })
  @ArrayOfObjects(() => BoletaLoteItemDto, { min: 1, max: 500 })
  boletas!: BoletaLoteItemDto[];
}
