import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { ArrayOfObjects } from '@lib/schemas';
import { MAX_PESOS } from '../../common/money';

const FECHA = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** One line: the account by codigo and exactly one positive side, in whole CLP pesos. */
export class LineaDto {
  @ApiProperty({ example: '1.1', description: 'Account codigo (a posting account of the empresa)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  cuenta!: string;

  @ApiPropertyOptional({ example: 119000, description: 'CLP whole pesos; 0 when the line is a haber' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_PESOS)
  debe?: number;

  @ApiPropertyOptional({ example: 0, description: 'CLP whole pesos; 0 when the line is a debe' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_PESOS)
  haber?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  glosa?: string;
}

/** POST /contable/asientos. */
export class CrearAsientoDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;

  @ApiProperty({ example: '2025-03-15', description: 'Calendar date (America/Santiago)' })
  @Matches(FECHA, { message: 'fecha must be YYYY-MM-DD' })
  fecha!: string;

  @ApiProperty({ example: 'Aporte de capital' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  glosa!: string;

  @ApiProperty({ type: [LineaDto], minItems: 2 })
  @ArrayOfObjects(() => LineaDto, { min: 2, max: 1000 })
  lineas!: LineaDto[];
}

/** POST /contable/asientos/{id}/reversa. */
export class ReversaDto {
  @ApiPropertyOptional({ format: 'uuid', description: "When given, must be the entry's empresa" })
  @IsOptional()
  @IsUUID()
  empresa_id?: string;

  @ApiPropertyOptional({ example: '2025-04-01', description: 'Defaults to the date of the reversed entry' })
  @IsOptional()
  @Matches(FECHA, { message: 'fecha must be YYYY-MM-DD' })
  fecha?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  glosa?: string;
}

export class AsientoQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  empresa_id?: string;
}
