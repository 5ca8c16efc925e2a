import { ApiProperty } from '@nestjs/swagger';

/** A closed month. */
export class PeriodoCerradoView {
  @ApiProperty({ format: 'uuid' })
  empresa_id!: string;

  @ApiProperty({ example: '2025-03', description: 'YYYY-MM' })
  periodo!: string;

  @ApiProperty({ example: '2026-01-15T12:00:00.000Z' })
  cerrado_en!: string;

  @ApiProperty({ example: 'admin' })
  cerrado_por!: string;
}

export class PeriodosView {
  @ApiProperty({ type: [PeriodoCerradoView] })
  cerrados!: PeriodoCerradoView[];
}
