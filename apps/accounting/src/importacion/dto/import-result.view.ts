import { ApiProperty } from '@nestjs/swagger';

/** Answer of POST /contable/importacion. */
export class ImportResultView {
  @ApiProperty({ format: 'uuid' })
  empresa_id!: string;

  @ApiProperty({ example: 120, description: 'Entries written (one per comprobante)' })
  comprobantes!: number;

  @ApiProperty({ example: 480 })
  lineas!: number;

  @ApiProperty({ example: [8, 127], type: [Number], description: 'First and last entry numero given to the imported entries' })
  asientos!: [number, number];

  @ApiProperty({ description: 'SHA-256 of the file as uploaded (also the audit record’s entidad_id)' })
  archivo_sha256!: string;
}
