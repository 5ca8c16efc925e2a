import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { IsRut } from '@lib/rut';
import { ArrayOfObjects, IsFecha } from '@lib/schemas';
import { TIPOS_DTE_EMITIDOS, type TipoDteEmision } from '@lib/dte';
import { ComisionDto, DescuentoRecargoDto, DetalleDto } from './detalle.dto';
import { TransporteDto } from './transporte.dto';
import { ExportacionDto } from './exportacion.dto';

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

  @ApiPropertyOptional({
    example: 'Buenos Aires',
    description: 'CiudadRecep (cut to 20 characters); obligatory on a factura de exportación 110',
  })
  @IsOptional()
  @IsString()
  @Length(1, 60)
  ciudad?: string;
}

export class PagoDto {
  @ApiProperty({ example: '2026-02-15' })
  @IsFecha()
  fecha!: string;

  @ApiProperty({ example: 50000, description: 'MntPago, whole CLP' })
  @IsInt()
  @Min(1)
  @Max(999_999_999_999_999)
  monto!: number;

  @ApiPropertyOptional({ example: 'Cuota 1 de 3', maxLength: 40 })
  @IsOptional()
  @IsString()
  @Length(1, 40)
  glosa?: string;
}

/** A reference to another document (required for 56 and 61). */
export class ReferenciaDto {
  @ApiProperty({ example: '33', description: 'TpoDocRef: a DTE type or e.g. SET (≤ 3 characters)' })
  @Transform(asString)
  @IsString()
  @Matches(/^[0-9A-Z]{1,3}$/)
  tipo_doc!: string;

  @ApiProperty({
    example: 'OC-2026/15',
    description:
      'FolioRef: 1 to 18 characters, any text the XSD takes (SiiTypes FolioRType: a purchase order may hold "/", "." or spaces); ' +
      '0 with global',
  })
  @Transform(asString)
  @IsString()
  @Matches(/^[\x20-\x7e\u00a0-\u00ff]{1,18}$/, { message: 'folio must be 1 to 18 printable ISO-8859-1 characters (FolioRef)' })
  @Matches(/\S/, { message: 'folio must not be blank' })
  folio!: string;

  @ApiPropertyOptional({ example: '76086428-5', description: 'RUTOtr: the referenced document was issued by another taxpayer' })
  @IsOptional()
  @IsRut()
  rut_otro?: string;

  @ApiPropertyOptional({
    example: false,
    description: 'IndGlobal=1: the reference covers more than 20 documents of one type (folio 0; Formato DTE v2.2 §E field 3)',
  })
  @IsOptional()
  @IsBoolean()
  global?: boolean;

  @ApiPropertyOptional({
    example: false,
    description:
      "The referenced document of the tenant's own was issued outside this gateway (another system, or before it): its " +
      'existence, receptor and total are not checked here. Without it a reference to a 33, 34, 56 or 61 of the tenant must ' +
      'name one this gateway issued (422 referencia_not_found)',
  })
  @IsOptional()
  @IsBoolean()
  externo?: boolean;

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

  @ApiProperty({ example: 33, enum: [...TIPOS_DTE_EMITIDOS] })
  @IsInt()
  @IsIn(TIPOS_DTE_EMITIDOS)
  tipo_dte!: TipoDteEmision;

  @ApiPropertyOptional({ example: '2026-01-15', description: 'FchEmis YYYY-MM-DD; today in America/Santiago when absent' })
  @IsOptional()
  @IsFecha()
  fecha_emision?: string;

  @ApiPropertyOptional({
    example: 1,
    enum: [1, 2, 3],
    description:
      'FmaPago: 1 contado, 2 crédito, 3 sin costo (entrega gratuita). Required on a 33 and a 34 (422 forma_pago_required; ' +
      'SII Formato DTE v2.2, Cambios 31/05/2017 item 3: obligatory on facturas, 2 assumed when absent); optional on notes',
  })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2, 3])
  forma_pago?: 1 | 2 | 3;

  @ApiPropertyOptional({ example: '2026-02-15', description: 'FchVenc YYYY-MM-DD (due date of a credit sale)' })
  @IsOptional()
  @IsFecha()
  fecha_vencimiento?: string;

  @ApiPropertyOptional({
    example: 81234567,
    description:
      "CdgSIISucur of the issuing branch, registered with its address (PUT /tax/emisores); the tenant's default branch, " +
      'or the head office, when absent. Its address is the DTE’s DirOrigen/CmnaOrigen',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(999_999_999)
  codigo_sucursal?: number;

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

  @ApiPropertyOptional({
    type: [ComisionDto],
    maxItems: 20,
    description: 'Comisiones y Otros Cargos: 1 to 20 on a liquidación-factura 43 (subtracted from MntTotal), refused elsewhere',
  })
  @IsOptional()
  @ArrayOfObjects(() => ComisionDto, { max: 20 })
  comisiones?: ComisionDto[];

  @ApiPropertyOptional({ type: [DescuentoRecargoDto], maxItems: 20, description: 'DscRcgGlobal: global discounts and surcharges' })
  @IsOptional()
  @ArrayOfObjects(() => DescuentoRecargoDto, { max: 20 })
  descuentos_recargos?: DescuentoRecargoDto[];

  @ApiPropertyOptional({
    enum: [1, 2, 3, 4, 5],
    description:
      'IndServicio: 1 servicios periódicos domiciliarios, 2 otros periódicos, 3 factura de servicio; on an export (110-112) ' +
      '3 servicios calificados por Aduana, 4 hotelería, 5 transporte terrestre internacional (Formato DTE v2.2 field 9)',
  })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2, 3, 4, 5])
  indicador_servicio?: 1 | 2 | 3 | 4 | 5;

  @ApiPropertyOptional({
    enum: [1, 2, 3, 4],
    description: 'TpoTranVenta: 1 ventas del giro, 2 venta activo fijo, 3 venta bien raíz, 4 ...',
  })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2, 3, 4])
  tipo_transaccion_venta?: 1 | 2 | 3 | 4;

  @ApiPropertyOptional({ enum: [1, 2, 3, 4, 5, 6], description: "TpoTranCompra: the buyer's transaction type as the seller suggests it" })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2, 3, 4, 5, 6])
  tipo_transaccion_compra?: 1 | 2 | 3 | 4 | 5 | 6;

  @ApiPropertyOptional({ type: [PagoDto], maxItems: 30, description: 'MntPagos: payment schedule of a credit sale (forma_pago 2)' })
  @IsOptional()
  @ArrayOfObjects(() => PagoDto, { max: 30 })
  pagos?: PagoDto[];

  @ApiPropertyOptional({
    enum: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    description:
      'IndTraslado, obligatory on a guía 52 and only there (SII Formato DTE v2.2 §A field 7): 1 operación constituye venta, ' +
      '2 venta por efectuar, 3 consignación, 4 entrega gratuita, 5 traslado interno, 6 otros traslados no venta, 7 guía de ' +
      'devolución, 8 traslado para exportación, 9 venta para exportación',
  })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2, 3, 4, 5, 6, 7, 8, 9])
  ind_traslado?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

  @ApiPropertyOptional({
    enum: [1, 2, 3],
    description: 'TipoDespacho (field 6): 1 by the receiver, 2 by the issuer to the receiver, 3 by the issuer elsewhere',
  })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2, 3])
  tipo_despacho?: 1 | 2 | 3;

  @ApiPropertyOptional({ type: TransporteDto, description: 'Transporte; on a guía 52 with comuna_destino' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TransporteDto)
  transporte?: TransporteDto;

  @ApiPropertyOptional({
    type: ExportacionDto,
    description: 'Obligatory on an export document 110, 111 or 112 (receptor 55555555-5), refused elsewhere: amounts in its moneda',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ExportacionDto)
  exportacion?: ExportacionDto;
}
