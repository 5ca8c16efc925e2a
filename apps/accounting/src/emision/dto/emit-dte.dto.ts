import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsRut } from '@lib/rut';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';

// The same validation as the gateway's EmitirDto (apps/tax-gateway/src/dte/dto/emitir.dto.ts), so
// a bad body is refused here with 400 before any key is stored or the gateway is called.
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const asString = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class EmitReceptorDto {
  @ApiProperty({ example: '76543210-3' })
  @IsRut()
  rut!: string;

  @ApiProperty({ example: 'Comercial Los Aromos Limitada', maxLength: 100 })
  @IsString()
  @Length(1, 100)
  razon_social!: string;

  @ApiProperty({ example: 'Comercio al por menor' })
  @IsString()
  @Length(1, 80)
  giro!: string;

  @ApiProperty({ example: 'Av. Los Aromos 123' })
  @IsString()
  @Length(1, 100)
  direccion!: string;

  @ApiProperty({ example: 'Santiago' })
  @IsString()
  @Length(1, 60)
  comuna!: string;
}

export class EmitDetalleDto {
  @ApiProperty({ example: 'Servicio de consultoría', maxLength: 80 })
  @IsString()
  @Length(1, 80)
  nombre!: string;

  @ApiProperty({ example: 1 })
  @IsNumber({ maxDecimalPlaces: 6, allowNaN: false, allowInfinity: false })
  @Min(0.000001)
  @Max(999_999_999_999)
  cantidad!: number;

  @ApiProperty({ example: 100000 })
  @IsNumber({ maxDecimalPlaces: 6, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(999_999_999_999)
  precio_unitario!: number;

  @ApiPropertyOptional({ example: false, description: 'Exempt line; every line of a 34 is exempt' })
  @IsOptional()
  @IsBoolean()
  exento?: boolean;
}

export class EmitReferenciaDto {
  @ApiProperty({ example: '33' })
  @Transform(asString)
  @IsString()
  @Matches(/^[0-9A-Z]{1,3}$/)
  tipo_doc!: string;

  @ApiProperty({ example: '12' })
  @Transform(asString)
  @IsString()
  @Matches(/^[0-9A-Za-z-]{1,18}$/)
  folio!: string;

  @ApiProperty({ example: '2025-05-02' })
  @Matches(DATE)
  fecha!: string;

  @ApiPropertyOptional({ enum: [1, 2, 3], description: 'CodRef: 1 anula, 2 corrige texto, 3 corrige montos' })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2, 3])
  codigo?: 1 | 2 | 3;

  @ApiPropertyOptional({ example: 'Anula factura' })
  @IsOptional()
  @IsString()
  @Length(1, 90)
  razon?: string;
}

/** POST /contable/emit-dte: the gateway's emitir body without `tenant`, plus `empresa_id` (its RUT is the tenant). */
export class EmitDteDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;

  @ApiProperty({ example: 33, enum: [33, 34, 56, 61] })
  @IsInt()
  @IsIn([33, 34, 56, 61])
  tipo_dte!: 33 | 34 | 56 | 61;

  @ApiPropertyOptional({
    example: '2025-05-02',
    description: 'FchEmis; today in America/Santiago when absent (sent explicitly to the gateway)',
  })
  @IsOptional()
  @Matches(DATE)
  fecha_emision?: string;

  @ApiProperty({ type: EmitReceptorDto })
  @ValidateNested()
  @Type(() => EmitReceptorDto)
  receptor!: EmitReceptorDto;

  @ApiProperty({ type: [EmitDetalleDto], minItems: 1, maxItems: 60 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(60)
  @ValidateNested({ each: true })
  @Type(() => EmitDetalleDto)
  detalle!: EmitDetalleDto[];

  @ApiPropertyOptional({ type: [EmitReferenciaDto], maxItems: 40, description: 'Required for 56 and 61' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(40)
  @ValidateNested({ each: true })
  @Type(() => EmitReferenciaDto)
  referencias?: EmitReferenciaDto[];
}
