import { ApiProperty } from '@nestjs/swagger';
import { ORIGENES_ASIENTO, type OrigenAsiento } from '../origen-asiento';

export class AsientoLineaView {
  @ApiProperty({ example: 1 })
  linea!: number;

  @ApiProperty({ example: '1.1.1', description: 'codigo of the account' })
  cuenta!: string;

  @ApiProperty({ example: 'Caja' })
  cuenta_nombre!: string;

  @ApiProperty({ example: 1000, description: 'CLP whole pesos' })
  debe!: number;

  @ApiProperty({ example: 0, description: 'CLP whole pesos' })
  haber!: number;

  @ApiProperty({ nullable: true, type: String })
  glosa!: string | null;
}

/** An entry as the API shows it (amounts in CLP whole pesos). */
export class AsientoView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  empresa_id!: string;

  @ApiProperty({ example: 7, description: 'Correlative per empresa, gap-free' })
  numero!: number;

  @ApiProperty({ example: '2025-05-02', description: 'YYYY-MM-DD' })
  fecha!: string;

  @ApiProperty({ example: 'Aporte de capital' })
  glosa!: string;

  @ApiProperty({ enum: ORIGENES_ASIENTO })
  origen!: OrigenAsiento;

  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'The entry this one reverses' })
  reversa_de!: string | null;

  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'The entry that reversed this one' })
  reversado_por!: string | null;

  @ApiProperty({ example: '2026-01-15T12:00:00.000Z' })
  created_at!: string;

  @ApiProperty({ example: 'admin' })
  created_by!: string;

  @ApiProperty({ example: 1000 })
  total_debe!: number;

  @ApiProperty({ example: 1000 })
  total_haber!: number;

  @ApiProperty({ type: [AsientoLineaView] })
  lineas!: AsientoLineaView[];
}
