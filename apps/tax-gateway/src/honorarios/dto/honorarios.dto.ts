import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { IsRut } from '@lib/rut';
import { PERIODO_TRIBUTARIO as PERIODO } from '@lib/dte';

/** GET /tax/honorarios/recibidas. */
export class HonorariosRecibidosQueryDto {
  @ApiProperty({ example: '76086428-5', description: 'The receiver of the boletas' })
  @IsRut()
  tenant!: string;

  @ApiProperty({ example: '2026-10', description: 'YYYY-MM: boletas dated in that month' })
  @Matches(PERIODO, { message: 'periodo must be YYYY-MM' })
  periodo!: string;
}
