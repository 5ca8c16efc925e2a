import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { ArrayOfObjects, IsDecimalAmount } from '@lib/schemas';
import { RETENCIONES_IVA } from '@lib/dte';

const DEC12_6 = '^\\d{1,12}(\\.\\d{1,6})?$';

/**
 * The additional-tax codes a line may carry (@lib/dte IMPUESTOS_ADICIONALES; Formato DTE v2.2 §4), and on a factura de
 * compra 46 the IVA retentions (@lib/dte RETENCIONES_IVA). Not 17 (IVA anticipado faenamiento de carne): it is computed on
 * MntBase, a slaughter base the SII sets, not on the sale.
 */
export const CODIGOS_IMPUESTO_ADICIONAL = [18, 19, 23, 24, 25, 26, 27, 271, 44, 45, ...Object.keys(RETENCIONES_IVA).map(Number)];

/** One item code (CdgItem). */
export class CodigoItemDto {
  @ApiProperty({ example: 'EAN13', maxLength: 10, description: 'TpoCodigo: EAN13, PLU, DUN14, INT1, ...' })
  @IsString()
  @Length(1, 10)
  tipo!: string;

  @ApiProperty({ example: '7801234567890', maxLength: 35 })
  @IsString()
  @Length(1, 35)
  valor!: string;
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

  @ApiProperty({
    oneOf: [{ type: 'number' }, { type: 'string', pattern: DEC12_6 }],
    example: 2,
    description: 'QtyItem: up to 12 integer and 6 decimal digits; a decimal string keeps every digit',
  })
  @IsDecimalAmount({ integers: 12, places: 6, min: 0.000001 })
  cantidad!: number | string;

  @ApiProperty({
    oneOf: [{ type: 'number' }, { type: 'string', pattern: DEC12_6 }],
    example: 50000,
    description: 'PrcItem, CLP, as cantidad',
  })
  @IsDecimalAmount({ integers: 12, places: 6, min: 0 })
  precio_unitario!: number | string;

  @ApiPropertyOptional({ example: false, description: 'Exempt line (IndExe=1); every line of a 34 is exempt' })
  @IsOptional()
  @IsBoolean()
  exento?: boolean;

  @ApiPropertyOptional({ example: false, description: 'Not billable (IndExe=2): shown, counted in MontoNF, outside MntTotal' })
  @IsOptional()
  @IsBoolean()
  no_facturable?: boolean;

  @ApiPropertyOptional({
    example: false,
    description: 'Not billable, negative (IndExe=6): something billed before and taken off here; subtracted from MontoNF, outside MntTotal',
  })
  @IsOptional()
  @IsBoolean()
  no_facturable_negativo?: boolean;

  @ApiPropertyOptional({
    example: false,
    description: 'Deposit on returnable packaging (IndExe=3): no IVA, counted in GrntDep and in MntTotal',
  })
  @IsOptional()
  @IsBoolean()
  garantia_envase?: boolean;

  @ApiPropertyOptional({ type: [CodigoItemDto], maxItems: 5, description: 'CdgItem: item codes (with `codigo`, at most 5)' })
  @IsOptional()
  @ArrayOfObjects(() => CodigoItemDto, { max: 5 })
  codigos?: CodigoItemDto[];

  @ApiPropertyOptional({
    example: '33',
    maxLength: 3,
    description:
      'TpoDocLiq: on a liquidación-factura 43, the type of the document this line liquidates (99 an anticipo); required there, refused elsewhere',
  })
  @IsOptional()
  @IsString()
  @Matches(/^\d{1,3}$/, { message: 'tipo_doc_liq must be a document type code of 1 to 3 digits' })
  tipo_doc_liq?: string;

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

  @ApiPropertyOptional({
    example: 10,
    description: 'DescuentoPct 0.01-100 (2 decimals) of cantidad x precio; exclusive with descuento_monto',
  })
  @IsOptional()
  @IsDecimalAmount({ integers: 3, places: 2, min: 0.01, max: 100 })
  descuento_pct?: number | string;

  @ApiPropertyOptional({ example: 1500, description: 'RecargoMonto of the line, whole CLP' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(999_999_999_999)
  recargo_monto?: number;

  @ApiPropertyOptional({ example: 5, description: 'RecargoPct 0.01-999.99 (2 decimals); exclusive with recargo_monto' })
  @IsOptional()
  @IsDecimalAmount({ integers: 3, places: 2, min: 0.01, max: 999.99 })
  recargo_pct?: number | string;

  @ApiPropertyOptional({
    example: 27,
    enum: CODIGOS_IMPUESTO_ADICIONAL,
    description:
      'CodImpAdic: additional tax of a taxed line (Formato DTE v2.2 §4: 18, 19, 23, 24-27, 271, 44, 45; not 17, computed on ' +
      'MntBase), or on a factura de compra 46 the IVA retained: 15 total, 30-34, 36, 37, 48 partial, 31, 38, 39, 41, 47 total',
  })
  @IsOptional()
  @IsInt()
  @IsIn(CODIGOS_IMPUESTO_ADICIONAL)
  codigo_impuesto_adicional?: number;
}

/** A global discount or surcharge (DscRcgGlobal). */
export class DescuentoRecargoDto {
  @ApiProperty({ enum: ['D', 'R'], description: 'D descuento, R recargo' })
  @IsIn(['D', 'R'])
  tipo!: 'D' | 'R';

  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }], example: 10, description: 'Percent (2 decimals) or whole CLP' })
  @IsDecimalAmount({ integers: 16, places: 2, min: 0.01 })
  valor!: number | string;

  @ApiProperty({ enum: ['%', '$'] })
  @IsIn(['%', '$'])
  unidad!: '%' | '$';

  @ApiProperty({ enum: ['afecto', 'exento'], description: 'Applies to the taxed or to the exempt lines (IndExeDR)' })
  @IsIn(['afecto', 'exento'])
  aplica!: 'afecto' | 'exento';

  @ApiPropertyOptional({ example: 'Descuento cliente frecuente', maxLength: 45, description: 'GlosaDR (cut to 45)' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  glosa?: string;
}

/** One payment of a credit sale (MntPagos). */

/** One line of Comisiones y Otros Cargos of a liquidación-factura 43 (Formato DTE v2.2 §F), whole CLP. */
export class ComisionDto {
  @ApiProperty({ enum: ['C', 'O'], description: 'TipoMovim: C comisión, O otro cargo' })
  @IsIn(['C', 'O'])
  tipo!: 'C' | 'O';

  @ApiProperty({ example: 'Comisión por venta en consignación', maxLength: 60 })
  @IsString()
  @Length(1, 60)
  glosa!: string;

  @ApiPropertyOptional({ example: 10, description: 'TasaComision, percent with up to 2 decimals (printed; the amounts are given)' })
  @IsOptional()
  @IsDecimalAmount({ integers: 2, places: 2, min: 0 })
  tasa?: number | string;

  @ApiProperty({ example: 50000, description: 'ValComNeto, whole CLP; its IVA (ValComIVA) is computed' })
  @IsInt()
  @Min(0)
  @Max(999_999_999_999)
  neto!: number;

  @ApiPropertyOptional({ example: 0, description: 'ValComExe, whole CLP' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(999_999_999_999)
  exento?: number;
}
