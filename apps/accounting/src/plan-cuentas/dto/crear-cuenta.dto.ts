import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';

const CODIGO = /^[0-9]{1,6}(\.[0-9]{1,6}){0,9}$/;

/** POST /contable/plan-cuentas: a new account below an existing one. */
export class CrearCuentaDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;

  @ApiProperty({ example: '1.2.1', description: 'Dotted code: the parent code plus one more segment (digits).' })
  @Matches(CODIGO, { message: 'codigo must be dotted digit groups, e.g. 1.2.1' })
  codigo!: string;

  @ApiProperty({ example: 'Banco Estado cuenta corriente' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  nombre!: string;

  @ApiPropertyOptional({ example: '1.2', description: 'Parent codigo; defaults to the codigo without its last segment.' })
  @IsOptional()
  @Matches(CODIGO, { message: 'parent must be an account codigo' })
  parent?: string;
}

export class PlanCuentasQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;
}
