import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { IsRut } from '@lib/rut';
import { ArrayOfObjects, IsDecimalAmount } from '@lib/schemas';

/** An optional positive code of at most `digits` digits (DTE_v10.xsd: xs:positiveInteger with totalDigits). */
function Codigo(digits: number): PropertyDecorator {
  const decorators = [IsOptional(), IsInt(), Min(1), Max(Math.min(10 ** digits - 1, Number.MAX_SAFE_INTEGER))];
  return (target, key) => decorators.forEach((d) => d(target, key));
}

/** One TipoBultos of the Aduana section: Marcas always, IdContainer and Sello on a container (codes 73 to 78). */
export class BultoDto {
  @ApiProperty({ example: 75, description: 'CodTpoBultos, Aduana table tipos-bultos (75 CONTENEDOR REFRIGERADO)' })
  @IsInt()
  @Min(1)
  @Max(999)
  tipo!: number;

  @ApiProperty({ example: 1, description: 'CantBultos' })
  @IsInt()
  @Min(1)
  @Max(9_999_999_999)
  cantidad!: number;

  @ApiProperty({ example: 'ACME-01', maxLength: 255, description: 'Marcas (the SII rejects a bulto without them, HED-2-804)' })
  @IsString()
  @Length(1, 255)
  marcas!: string;

  @ApiPropertyOptional({ example: 'MSKU1234567', maxLength: 25, description: 'IdContainer, obligatory on a container' })
  @IsOptional()
  @IsString()
  @Length(1, 25)
  id_container?: string;

  @ApiPropertyOptional({ example: 'S-998877', maxLength: 20, description: 'Sello, obligatory on a container' })
  @IsOptional()
  @IsString()
  @Length(1, 20)
  sello?: string;

  @ApiPropertyOptional({ example: 'Aduana de Valparaíso', maxLength: 70, description: 'EmisorSello (cut to 70)' })
  @IsOptional()
  @IsString()
  @Length(1, 140)
  emisor_sello?: string;
}

/**
 * Transporte/Aduana of an export (SII Formato DTE v2.2 §A fields 74-105): codes of the Aduana tables shipped in
 * libs/dte/assets/aduana (an unknown code is 422 dte_invalid naming the table), amounts in the document's currency.
 * On a factura de exportación 110 for goods: modalidad_venta, clausula_venta, total_clausula, via_transporte, total_bultos and
 * pais_receptor; for services (indicador_servicio 3, 4, 5) pais_receptor and, except hotels (4), via_transporte.
 */
export class AduanaDto {
  @ApiPropertyOptional({ example: 1, description: 'CodModVenta (1 A firme)' })
  @Codigo(2)
  modalidad_venta?: number;

  @ApiPropertyOptional({ example: 5, description: 'CodClauVenta (5 FOB)' })
  @Codigo(2)
  clausula_venta?: number;

  @ApiPropertyOptional({ example: 30276, description: 'TotClauVenta, in the currency, 2 decimals' })
  @IsOptional()
  @IsDecimalAmount({ integers: 16, places: 2, min: 0.01 })
  total_clausula?: number | string;

  @ApiPropertyOptional({ example: 1, description: 'CodViaTransp (1 MARÍTIMA, FLUVIAL Y LACUSTRE; 4 AÉREO; 7 CARRETERO/TERRESTRE)' })
  @Codigo(2)
  via_transporte?: number;

  @ApiPropertyOptional({ example: 'MSC ARIANE', description: 'NombreTransp (cut to 40)' })
  @IsOptional()
  @IsString()
  @Length(1, 80)
  nombre_transporte?: string;

  @ApiPropertyOptional({ example: '96500000-1', description: 'RUTCiaTransp (a foreign carrier: its Chilean agent)' })
  @IsOptional()
  @IsRut()
  rut_cia_transporte?: string;

  @ApiPropertyOptional({ example: 'Mediterranean Shipping Company', description: 'NomCiaTransp (cut to 40)' })
  @IsOptional()
  @IsString()
  @Length(1, 80)
  nombre_cia_transporte?: string;

  @ApiPropertyOptional({ example: 'BK123', maxLength: 20 })
  @IsOptional()
  @IsString()
  @Length(1, 20)
  booking?: string;

  @ApiPropertyOptional({ example: 'OP-1', maxLength: 20 })
  @IsOptional()
  @IsString()
  @Length(1, 20)
  operador?: string;

  @ApiPropertyOptional({ example: 906, description: 'CodPtoEmbarque (906 SAN ANTONIO)' })
  @Codigo(4)
  puerto_embarque?: number;

  @ApiPropertyOptional({ example: 262, description: 'CodPtoDesemb (262 BUENOS AIRES)' })
  @Codigo(4)
  puerto_desembarque?: number;

  @ApiPropertyOptional({ example: 2200, description: 'Tara, whole units of unidad_tara' })
  @Codigo(7)
  tara?: number;

  @ApiPropertyOptional({ example: 6, description: 'CodUnidMedTara (unidades-medida)' })
  @Codigo(2)
  unidad_tara?: number;

  @ApiPropertyOptional({ example: 1250.5, description: 'PesoBruto, 2 decimals' })
  @IsOptional()
  @IsDecimalAmount({ integers: 8, places: 2, min: 0.01 })
  peso_bruto?: number | string;

  @ApiPropertyOptional({ example: 6, description: 'CodUnidPesoBruto' })
  @Codigo(2)
  unidad_peso_bruto?: number;

  @ApiPropertyOptional({ example: 1200, description: 'PesoNeto, 2 decimals' })
  @IsOptional()
  @IsDecimalAmount({ integers: 8, places: 2, min: 0.01 })
  peso_neto?: number | string;

  @ApiPropertyOptional({ example: 6, description: 'CodUnidPesoNeto' })
  @Codigo(2)
  unidad_peso_neto?: number;

  @ApiPropertyOptional({ example: 1, description: 'TotItems' })
  @Codigo(18)
  total_items?: number;

  @ApiPropertyOptional({ example: 1, description: 'TotBultos' })
  @Codigo(15)
  total_bultos?: number;

  @ApiPropertyOptional({ type: [BultoDto], maxItems: 10 })
  @IsOptional()
  @ArrayOfObjects(() => BultoDto, { max: 10 })
  bultos?: BultoDto[];

  @ApiPropertyOptional({ example: 350, description: 'MntFlete, in the currency, 4 decimals' })
  @IsOptional()
  @IsDecimalAmount({ integers: 14, places: 4, min: 0.0001 })
  flete?: number | string;

  @ApiPropertyOptional({ example: 45.5, description: 'MntSeguro, in the currency, 4 decimals' })
  @IsOptional()
  @IsDecimalAmount({ integers: 14, places: 4, min: 0.0001 })
  seguro?: number | string;

  @ApiPropertyOptional({ example: 224, description: 'CodPaisRecep (paises: 224 ARGENTINA)' })
  @Codigo(3)
  pais_receptor?: number;

  @ApiPropertyOptional({ example: 224, description: 'CodPaisDestin' })
  @Codigo(3)
  pais_destino?: number;
}

/**
 * What an export document (110, 111, 112) adds, obligatory there and refused elsewhere (docs/research/exportacion.md):
 * the currency of every amount of the document, the Banco Central rate of the emission date, and the Aduana section.
 * The pesos (OtraMoneda) are computed: round(MntTotal × tipo_cambio), 0 under forma_pago_exportacion 21 (sin pago).
 */
export class ExportacionDto {
  @ApiProperty({ example: 'DOLAR USA', description: 'TpoMoneda: a TipMonType of SiiTypes_v10.xsd (DOLAR USA, EURO, ...), not PESO CL' })
  @IsString()
  @Length(1, 15)
  moneda!: string;

  @ApiProperty({ example: 927.87, description: 'TpoCambio: pesos per unit of moneda, Banco Central rate of fecha_emision (4 decimals)' })
  @IsDecimalAmount({ integers: 6, places: 4, min: 0.0001 })
  tipo_cambio!: number | string;

  @ApiPropertyOptional({ example: 1, description: 'FmaPagExp, Aduana table formas-pago-exportacion (1 COB1, 11 ACRED, 21 S/PAGO)' })
  @Codigo(2)
  forma_pago_exportacion?: number;

  @ApiPropertyOptional({ type: AduanaDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AduanaDto)
  aduana?: AduanaDto;

  @ApiPropertyOptional({ example: 224, description: 'Nacionalidad of the foreign receptor (Aduana table paises)' })
  @Codigo(3)
  nacionalidad?: number;

  @ApiPropertyOptional({ example: 'CUIT 30-12345678-9', maxLength: 20, description: "IdAdicRecep: the receptor's foreign tax id" })
  @IsOptional()
  @IsString()
  @Length(1, 20)
  id_adicional_receptor?: string;
}
