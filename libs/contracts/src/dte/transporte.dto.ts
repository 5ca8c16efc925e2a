import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, IsString, Length, Matches, ValidateNested } from 'class-validator';
import { IsRut } from '@lib/rut';

/** The driver of a guía's transport (Chofer: RUTChofer with NombreChofer, cut to 30 characters). */
export class ChoferDto {
  @ApiProperty({ example: '11111111-1' })
  @IsRut()
  rut!: string;

  @ApiProperty({ example: 'Juan Pérez Soto', description: 'NombreChofer (cut to 30 characters)' })
  @IsString()
  @Length(1, 60)
  nombre!: string;
}

/**
 * Transporte (SII Formato DTE v2.2 §A fields 67-73): the vehicle, carrier, driver and destination of the goods a document
 * carries. On a guía 52 `comuna_destino` is obligatory (field 72); the texts are cut to the XSD lengths.
 */
export class TransporteDto {
  @ApiPropertyOptional({ example: 'ABCD12', description: 'Patente, the vehicle plate (≤ 8)' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9]{1,8}$/, { message: 'patente must be 1 to 8 letters or digits' })
  patente?: string;

  @ApiPropertyOptional({ example: '77777777-7', description: 'RUTTrans, the carrier' })
  @IsOptional()
  @IsRut()
  rut_transportista?: string;

  @ApiPropertyOptional({ type: ChoferDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ChoferDto)
  chofer?: ChoferDto;

  @ApiPropertyOptional({ example: 'Camino a Farellones 18000', description: 'DirDest (cut to 70 characters)' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  direccion_destino?: string;

  @ApiPropertyOptional({ example: 'Lo Barnechea', description: 'CmnaDest (cut to 20 characters); obligatory on a guía 52' })
  @IsOptional()
  @IsString()
  @Length(1, 60)
  comuna_destino?: string;

  @ApiPropertyOptional({ example: 'Santiago', description: 'CiudadDest (cut to 20 characters)' })
  @IsOptional()
  @IsString()
  @Length(1, 60)
  ciudad_destino?: string;
}
