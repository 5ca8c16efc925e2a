import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { IsRut } from '@lib/rut';
import { ArrayOfObjects, IsAbsentOr, IsDecimalAmount } from '@lib/schemas';
import { PERIODO_TRIBUTARIO as PERIODO } from '@lib/dte';
import { PaginaQueryDto } from '@lib/schemas';
import { HistorialView, RESULTADOS_SII, type ResultadoSii } from '@lib/contracts';

/** A field of the books of `tipos` only: refused in the others (a purchases book's IVA fields, a LibroGuia's voided guías). */
function SoloTipo(...tipos: string[]): PropertyDecorator {
  return ValidateBy({
    name: 'soloTipo',
    validator: {
      validate: (_value, args) => tipos.includes((args?.object as { tipo?: string }).tipo ?? ''),
      defaultMessage: (a) => `${a?.property} is only for tipo ${tipos.join(' or ')}`,
    },
  });
}

/** The tenant's classification of one purchase of the period (`iva_compras`). */
export class IvaCompraDto {
  @ApiProperty({ example: 33, description: 'TipoDTE of the received document' })
  @IsInt()
  @Min(1)
  @Max(999)
  tipo_dte!: number;

  @ApiProperty({ example: 501 })
  @IsInt()
  @Min(1)
  @Max(9_999_999_999)
  folio!: number;

  @ApiProperty({ example: '96874030-K', description: 'RUT of the supplier (RUTEmisor)' })
  @IsRut()
  rut_emisor!: string;

  @ApiPropertyOptional({
    enum: [true],
    description: 'The whole IVA is of common use (IVAUsoComun; credit = factor_proporcionalidad of it); needs factor_proporcionalidad',
  })
  @IsAbsentOr()
  @IsIn([true])
  iva_uso_comun?: true;

  @ApiPropertyOptional({
    enum: [1, 2, 3, 4, 9],
    description:
      'The whole IVA is not recoverable, with its CodIVANoRec: 1 exempt or untaxed operations, 2 registered late, 3 rejected expenses, 4 free delivery, 9 other',
  })
  @IsAbsentOr()
  @IsIn([1, 2, 3, 4, 9])
  iva_no_recuperable?: 1 | 2 | 3 | 4 | 9;
}

export class GenerarLibroDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;

  @ApiProperty({
    enum: ['compra', 'venta', 'guia'],
    description:
      'venta: the DTEs the gateway emitted; compra: the DTEs it received (recibido); guia: its guías de despacho (LibroGuia, ESPECIAL only)',
  })
  @IsIn(['compra', 'venta', 'guia'])
  tipo!: 'compra' | 'venta' | 'guia';

  @ApiProperty({ example: '2026-11', description: 'PeriodoTributario YYYY-MM: documents whose FchEmis is in that month' })
  @Matches(PERIODO, { message: 'periodo must be YYYY-MM' })
  periodo!: string;

  @ApiPropertyOptional({ enum: ['TOTAL', 'PARCIAL', 'FINAL', 'AJUSTE'], default: 'TOTAL' })
  @IsOptional()
  @IsIn(['TOTAL', 'PARCIAL', 'FINAL', 'AJUSTE'])
  tipo_envio?: 'TOTAL' | 'PARCIAL' | 'FINAL' | 'AJUSTE';

  @ApiPropertyOptional({ enum: ['MENSUAL', 'ESPECIAL', 'RECTIFICA'], default: 'MENSUAL (ESPECIAL for guia)' })
  @IsOptional()
  @IsIn(['MENSUAL', 'ESPECIAL', 'RECTIFICA'])
  @ValidateBy({
    name: 'guiaEspecial',
    validator: {
      validate: (value, args) => (args?.object as GenerarLibroDto).tipo !== 'guia' || value === 'ESPECIAL',
      defaultMessage: () => 'a LibroGuia is ESPECIAL: the SII asks for it by notification (LibroGuia_v10.xsd TipoLibro)',
    },
  })
  tipo_libro?: 'MENSUAL' | 'ESPECIAL' | 'RECTIFICA';

  @ApiPropertyOptional({ example: 'A1B2C3', description: 'CodAutRec, required for RECTIFICA (the SII gives it); not for guia' })
  @ValidateIf((o: GenerarLibroDto) => o.tipo_libro === 'RECTIFICA' || o.codigo_autorizacion !== undefined)
  @SoloTipo('compra', 'venta')
  @IsString()
  @Matches(/^[A-Za-z0-9]{1,10}$/, { message: 'codigo_autorizacion must be 1 to 10 letters or digits' })
  codigo_autorizacion?: string;

  @ApiPropertyOptional({ example: 123456, description: 'FolioNotificacion, required for ESPECIAL and so for guia' })
  @ValidateIf((o: GenerarLibroDto) => o.tipo_libro === 'ESPECIAL' || o.tipo === 'guia' || o.folio_notificacion !== undefined)
  @IsInt()
  @Min(1)
  @Max(9_999_999_999)
  folio_notificacion?: number;

  @ApiPropertyOptional({ example: 1, description: 'NroSegmento (1..999999), required for tipo_envio PARCIAL and FINAL' })
  @ValidateIf((o: GenerarLibroDto) => o.tipo_envio === 'PARCIAL' || o.tipo_envio === 'FINAL' || o.nro_segmento !== undefined)
  @IsInt()
  @Min(1)
  @Max(999_999)
  nro_segmento?: number;

  @ApiPropertyOptional({
    example: 0.6,
    description:
      'compra only: the proportionality factor of the IVA de uso común (0..1, at most 3 decimals; FctProp), required when iva_compras has iva_uso_comun',
  })
  @IsAbsentOr()
  @SoloTipo('compra')
  @IsDecimalAmount({ integers: 1, places: 3, min: 0, max: 1 })
  factor_proporcionalidad?: number | string;

  @ApiPropertyOptional({
    type: [IvaCompraDto],
    maxItems: 10_000,
    description:
      "compra only: the tenant's classification of its purchases of the period, each naming a received document of the book; documents not listed keep their IVA recoverable",
  })
  @IsAbsentOr()
  @SoloTipo('compra')
  @ArrayOfObjects(() => IvaCompraDto, { max: 10_000 })
  iva_compras?: IvaCompraDto[];

  @ApiPropertyOptional({
    type: [Number],
    maxItems: 10_000,
    example: [12],
    description: 'guia only: folios of guías of the period voided after they were sent (Anulado 2 in LibroGuia_v10.xsd)',
  })
  @IsAbsentOr()
  @SoloTipo('guia')
  @IsArray()
  @ArrayMaxSize(10_000)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(9_999_999_999, { each: true })
  guias_anuladas?: number[];
}

export class LibroTotalView {
  @ApiProperty({ example: 33 }) tipo_dte!: number;
  @ApiProperty({ example: 3 }) documentos!: number;
  @ApiProperty({ example: 0, description: 'TotMntExe, CLP' }) exento!: number;
  @ApiProperty({ example: 359970, description: 'TotMntNeto, CLP' }) neto!: number;
  @ApiProperty({ example: 68394, description: 'TotMntIVA, CLP: the IVA in a sales book, the recoverable IVA in a purchases book' })
  iva!: number;
  @ApiProperty({ example: 428364, description: 'TotMntTotal, CLP' }) total!: number;
}

/** A book (LibroResponse of the spec). */
export class LibroView {
  @ApiProperty({ example: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }) libro_id!: string;
  @ApiProperty({ example: '76086428-5' }) tenant!: string;
  @ApiProperty({ enum: ['compra', 'venta', 'guia'] }) tipo!: string;
  @ApiProperty({ example: '2026-11' }) periodo!: string;
  @ApiProperty({ example: 1, description: 'Generating the same period again adds a version' }) version!: number;
  @ApiProperty({ enum: ['MENSUAL', 'ESPECIAL', 'RECTIFICA'] }) tipo_libro!: string;
  @ApiProperty({ enum: ['TOTAL', 'PARCIAL', 'FINAL', 'AJUSTE'] }) tipo_envio!: string;
  @ApiProperty({
    example: 'signed',
    description: 'The submission states signed, uploading, uploaded, upload_failed, then the SII states (REC ... LOK, LRH, RCT)',
  })
  estado!: string;
  @ApiProperty({
    enum: RESULTADOS_SII,
    description: 'The outcome at the SII: pendiente until the book is refused (LRH or the envelope) or accepted (LOK)',
  })
  resultado!: ResultadoSii;
  @ApiProperty({ nullable: true, type: String }) glosa!: string | null;
  @ApiProperty({ nullable: true, type: String, example: '0260003916' }) trackid!: string | null;
  @ApiProperty({ type: [LibroTotalView] }) totales!: LibroTotalView[];
  @ApiProperty({ example: 3 }) documentos!: number;
  @ApiProperty({ description: 'sha256 of the signed book, hex' }) sha256!: string;
  @ApiProperty({ example: '2026-11-24T12:00:00.000Z' }) created_at!: string;
}

export class LibroDetailView extends LibroView {
  @ApiProperty({ description: 'The signed LibroCompraVenta or LibroGuia, base64 of the exact ISO-8859-1 bytes' }) xml_base64!: string;
  @ApiProperty({ type: [HistorialView] }) historial!: HistorialView[];
}

export class LibroIdParamDto {
  @ApiProperty({ example: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' })
  @IsUUID()
  libro_id!: string;
}

/** Filters of GET /tax/libros (newest first). */
export class LibroListQueryDto extends PaginaQueryDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;

  @ApiPropertyOptional({ enum: ['compra', 'venta', 'guia'] })
  @IsOptional()
  @IsIn(['compra', 'venta', 'guia'])
  tipo?: string;

  @ApiPropertyOptional({ example: '2026-11' })
  @IsOptional()
  @Matches(PERIODO, { message: 'periodo must be YYYY-MM' })
  periodo?: string;

  @ApiPropertyOptional({ example: 'LOK' })
  @IsOptional()
  @Matches(/^[A-Za-z_]{1,16}$/, { message: 'estado must be an estado name' })
  estado?: string;
}

export class LibroPageView {
  @ApiProperty({ type: [LibroView] }) items!: LibroView[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
