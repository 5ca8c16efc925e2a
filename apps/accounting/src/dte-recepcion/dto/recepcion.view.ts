import { ApiProperty } from '@nestjs/swagger';

/** A received DTE registered in the books (amounts in CLP whole pesos). */
export class FacturaView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  empresa_id!: string;

  @ApiProperty({ example: 33, enum: [33, 34, 56, 61] })
  tipo_dte!: number;

  @ApiProperty({ example: 60 })
  folio!: number;

  @ApiProperty({ example: '79555444-0' })
  rut_emisor!: string;

  @ApiProperty({ example: 'Proveedora Ltda' })
  razon_social_emisor!: string;

  @ApiProperty({ example: '2025-05-02' })
  fecha_emision!: string;

  @ApiProperty({ example: 100000 })
  neto!: number;

  @ApiProperty({ example: 0 })
  exento!: number;

  @ApiProperty({ example: 19000 })
  iva!: number;

  @ApiProperty({ example: 119000 })
  total!: number;

  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  asiento_id!: string | null;

  @ApiProperty({ example: 3, nullable: true, type: Number })
  asiento_numero!: number | null;

  @ApiProperty({ description: 'True when this DTE had been received before: the first registration is returned' })
  duplicada!: boolean;
}

/** A DTE of the file that was not booked, and why. */
export class IgnoredDte {
  @ApiProperty({ example: 33 })
  tipo_dte!: number;

  @ApiProperty({ example: 60 })
  folio!: number;

  @ApiProperty({ example: '79555444-0' })
  rut_emisor!: string;

  @ApiProperty({ example: '77777777-7' })
  rut_receptor!: string;

  @ApiProperty({ enum: ['receptor_distinto', 'tipo_no_soportado'] })
  motivo!: 'receptor_distinto' | 'tipo_no_soportado';
}

/** Result of a delivery: what was registered (new or duplicate) and what was not booked. */
export class RecepcionResult {
  @ApiProperty({ format: 'uuid' })
  empresa_id!: string;

  @ApiProperty({ example: 1, description: 'DTEs in the file' })
  documentos!: number;

  @ApiProperty({ type: [FacturaView] })
  facturas!: FacturaView[];

  @ApiProperty({ type: [IgnoredDte] })
  ignorados!: IgnoredDte[];
}
