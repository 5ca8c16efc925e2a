import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PERIODO_PATTERN } from '../../common/periodo';

/** `?empresa_id=&periodo=` of every report. */
export class ReporteQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;

  @ApiProperty({ example: '2025-03', description: 'A month (YYYY-MM) or a whole year (YYYY)' })
  @Matches(PERIODO_PATTERN, { message: 'periodo must be YYYY-MM or YYYY' })
  periodo!: string;
}

/** Libro mayor: optionally one account. */
export class LibroMayorQueryDto extends ReporteQueryDto {
  @ApiPropertyOptional({ example: '1.1', description: 'Only this account (codigo)' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  cuenta?: string;
}
