import { ApiProperty } from '@nestjs/swagger';

/** A DTE in an empresa's books: the fields received and emitted documents share (amounts in CLP whole pesos). */
export class DocumentoView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  empresa_id!: string;

  @ApiProperty({ example: 33, enum: [33, 34, 46, 56, 61, 110, 111, 112] })
  tipo_dte!: number;

  @ApiProperty({ example: 60 })
  folio!: number;

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
}

/** A DTE of a delivery that was not booked: which one, and between whom. */
export class DteNoContabilizadoView {
  @ApiProperty({ example: 33 })
  tipo_dte!: number;

  @ApiProperty({ example: 60 })
  folio!: number;

  @ApiProperty({ example: '79555444-0' })
  rut_emisor!: string;

  @ApiProperty({ example: '77777777-7' })
  rut_receptor!: string;
}
