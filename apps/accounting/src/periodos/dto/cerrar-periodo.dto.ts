import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

/** POST /contable/periodos/{periodo}/cerrar. */
export class CerrarPeriodoDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;
}

export class PeriodosQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  empresa_id!: string;
}
