import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REGIMENES, type Regimen } from '../regimen';

/** An empresa as the API shows it. */
export class EmpresaView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: '76086428-5' })
  rut!: string;

  @ApiProperty({ example: 'Servicios Andes Maipo SpA' })
  razon_social!: string;

  @ApiProperty({ enum: REGIMENES })
  regimen!: Regimen;

  @ApiProperty({
    example: '0.25',
    nullable: true,
    type: String,
    description: 'PPM rate, percent of the month’s gross income; null until set',
  })
  tasa_ppm!: string | null;

  @ApiProperty({ example: '2026-01-15T12:00:00.000Z' })
  created_at!: string;

  @ApiProperty({ example: 'admin', description: 'Caller that created it' })
  created_by!: string;

  @ApiPropertyOptional({ type: Object, description: 'The canonical taxpayer data from the tax gateway it was created from' })
  datos_contribuyente?: Record<string, unknown>;
}

export class EmpresasView {
  @ApiProperty({ type: [EmpresaView] })
  empresas!: EmpresaView[];
}
