import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsRut } from '@lib/rut';
import { ArrayOfObjects, IsFecha, IsNotNegativeZero } from '@lib/schemas';

const asString = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** Receiver of the DTE (DTE_v10.xsd Receptor; longer giro/address/comuna are truncated to the XSD limits). */
export class ReceptorDto {
  @ApiProperty({ example: '77777777-7' })
  @IsRut()
  rut!: string;

  @ApiProperty({ example: 'Receptor SpA', maxLength: 100 })
  @IsString()
  @Length(1, 100)
  razon_social!: string;

  @ApiProperty({ example: 'Servicios informaticos', description: 'GiroRecep (cut to 40 characters)' })
  @IsString()
  @Length(1, 80)
  giro!: string;

  @ApiProperty({ example: 'Av. Siempre Viva 742', description: 'DirRecep (cut to 70 characters)' })
  @IsString()
  @Length(1, 100)
  direccion!: string;

  @ApiProperty({ example: 'Santiago', description: 'CmnaRecep (cut to 20 characters)' })
  @IsString()
  @Length(1, 60)
  comuna!: string;
}

/** One line (Detalle). Amounts in CLP; up to 6 decimals for quantity and unit price. */
export class DetalleDto {
  @ApiProperty({
    example: 'Servicio de integracion',
    maxLength: 1000,
    description: 'NmbItem; beyond its 80 characters the rest opens DscItem (cut at a space)',
  })
  @IsString()
  @Length(1, 1000)
  nombre!: string;

  @ApiPropertyOptional({ example: 'Según contrato de marzo', maxLength: 1000, description: 'DscItem, additional description of the item' })
  @IsOptional()
  @IsString()
  @Length(1, 1000)
  descripcion?: string;

  @ApiProperty({ example: 2, minimum: 0.000001 })
  @IsNumber({ maxDecimalPlaces: 6, allowNaN: false, allowInfinity: false })
  @Min(0.000001)
  @Max(999_999_999_999)
  cantidad!: number;

  @ApiProperty({ example: 50000, minimum: 0 })
  @IsNumber({ maxDecimalPlaces: 6, allowNaN: false, allowInfinity: false })
  @Min(0)
  @IsNotNegativeZero()
  @Max(999_999_999_999)
  precio_unitario!: number;

  @ApiPropertyOptional({ example: false, description: 'Exempt line (IndExe=1); every line of a 34 is exempt' })
  @IsOptional()
  @IsBoolean()
  exento?: boolean;

  @ApiPropertyOptional({ example: 'HR', maxLength: 4, description: 'UnmdItem, unit of measure' })
  @IsOptional()
  @IsString()
  @Length(1, 4)
  unidad?: string;

  @ApiPropertyOptional({ example: 'SKU-001', maxLength: 35, description: 'CdgItem (TpoCodigo INT1): the item code' })
  @IsOptional()
  @IsString()
  @Length(1, 35)
  codigo?: string;

  @ApiPropertyOptional({
    example: 5000,
    minimum: 0,
    description: 'DescuentoMonto of the line, whole CLP, subtracted from cantidad x precio',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(999_999_999_999)
  descuento_monto?: number;
}

/** A reference to another document (required for 56 and 61). */
export class ReferenciaDto {
  @ApiProperty({ example: '33', description: 'TpoDocRef: a DTE type or e.g. SET (≤ 3 characters)' })
  @Transform(asString)
  @IsString()
  @Matches(/^[0-9A-Z]{1,3}$/)
  tipo_doc!: string;

  @ApiProperty({ example: '12', description: 'FolioRef (≤ 18 characters)' })
  @Transform(asString)
  @IsString()
  @Matches(/^[0-9A-Za-z-]{1,18}$/)
  folio!: string;

  @ApiProperty({ example: '2026-01-15', description: 'FchRef YYYY-MM-DD' })
  @IsFecha()
  fecha!: string;

  @ApiPropertyOptional({ example: 1, enum: [1, 2, 3], description: 'CodRef: 1 anula, 2 corrige texto, 3 corrige montos' })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2, 3])
  codigo?: 1 | 2 | 3;

  @ApiPropertyOptional({ example: 'Anula factura', maxLength: 90 })
  @IsOptional()
  @IsString()
  @Length(1, 90)
  razon?: string;
}

/**
 * Body of the tax-gateway's `POST /tax/dte/emitir` (docs/tax-gateway.md "Emission"): the contract between
 * the gateway and its callers; accounting's `POST /contable/emit-dte` derives its body from this class.
 * Amounts in CLP; dates `YYYY-MM-DD` in America/Santiago (a plausible `fecha_emision` is checked by the
 * gateway with @lib/dte `fechaFueraDeRango`: 422 `fecha_out_of_range`).
 */
export class EmitirDto {
  @ApiProperty({ example: '76086428-5', description: 'Issuer (tenant) RUT; its legal data comes from contribuyente/datos' })
  @IsRut()
  tenant!: string;

  @ApiProperty({ example: 33, enum: [33, 34, 56, 61] })
  @IsInt()
  @IsIn([33, 34, 56, 61])
  tipo_dte!: 33 | 34 | 56 | 61;

  @ApiPropertyOptional({ example: '2026-01-15', description: 'FchEmis YYYY-MM-DD; today in America/Santiago when absent' })
  @IsOptional()
  @IsFecha()
  fecha_emision?: string;

  @ApiPropertyOptional({ example: 1, enum: [1, 2, 3], description: 'FmaPago: 1 contado, 2 crédito, 3 sin costo' })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2, 3])
  forma_pago?: 1 | 2 | 3;

  @ApiPropertyOptional({ example: '2026-02-15', description: 'FchVenc YYYY-MM-DD (due date of a credit sale)' })
  @IsOptional()
  @IsFecha()
  fecha_vencimiento?: string;

  @ApiProperty({ type: ReceptorDto })
  @IsObject()
  @ValidateNested()
  @Type(() => ReceptorDto)
  receptor!: ReceptorDto;

  @ApiProperty({ type: [DetalleDto], minItems: 1, maxItems: 60 })
  @ArrayOfObjects(() => DetalleDto, { min: 1, max: 60 })
  detalle!: DetalleDto[];

  @ApiPropertyOptional({ type: [ReferenciaDto], maxItems: 40, description: 'Required for 56 and 61' })
  @IsOptional()
  @ArrayOfObjects(() => ReferenciaDto, { max: 40 })
  referencias?: ReferenciaDto[];
}
