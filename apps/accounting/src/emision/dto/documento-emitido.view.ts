import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ReceptorEmitidoView {
  @ApiProperty({ example: '76543210-3' })
  rut!: string;

  @ApiProperty({ example: 'Comercial Los Aromos Limitada' })
  razon_social!: string;
}

/** A DTE emitted through the tax gateway and booked as a sale (amounts in CLP whole pesos). */
export class DocumentoEmitidoView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  empresa_id!: string;

  @ApiProperty({ example: 33, enum: [33, 34, 56, 61] })
  tipo_dte!: number;

  @ApiProperty({ example: 1 })
  folio!: number;

  @ApiProperty({ example: '2025-05-10' })
  fecha_emision!: string;

  @ApiProperty({ type: ReceptorEmitidoView })
  receptor!: ReceptorEmitidoView;

  @ApiProperty({ example: 100000 })
  neto!: number;

  @ApiProperty({ example: 0 })
  exento!: number;

  @ApiProperty({ example: 19000 })
  iva!: number;

  @ApiProperty({ example: 119000 })
  total!: number;

  @ApiProperty({ format: 'uuid', description: 'The gateway emission' })
  emision_id!: string;

  @ApiProperty({ example: '0260003916', nullable: true, type: String })
  trackid!: string | null;

  @ApiProperty({ example: 'uploaded' })
  estado!: string;

  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  asiento_id!: string | null;

  @ApiProperty({ example: 7, nullable: true, type: Number })
  asiento_numero!: number | null;

  @ApiPropertyOptional({
    description: 'Set when the DTE was emitted but the books refused its entry (e.g. the period was closed meanwhile)',
  })
  advertencia?: string;
}
