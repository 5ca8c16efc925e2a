import { ApiProperty } from '@nestjs/swagger';
import { IsIn, Matches } from 'class-validator';
import { IsRut } from '@lib/rut';
import { PERIODO_TRIBUTARIO as PERIODO } from '@lib/dte';

export class RcvLibroQueryDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;

  @ApiProperty({ example: '2026-11', description: 'YYYY-MM: documents whose FchEmis is in that month' })
  @Matches(PERIODO, { message: 'periodo must be YYYY-MM' })
  periodo!: string;

  @ApiProperty({ enum: ['compra', 'venta'] })
  @IsIn(['compra', 'venta'])
  tipo!: 'compra' | 'venta';
}
