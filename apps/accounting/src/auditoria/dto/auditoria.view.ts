import { ApiProperty } from '@nestjs/swagger';

/** One audit record. */
export class AuditView {
  @ApiProperty({ example: 42 })
  id!: number;

  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  empresa_id!: string | null;

  @ApiProperty({ example: 'admin' })
  caller!: string;

  @ApiProperty({ example: 'crear_asiento' })
  accion!: string;

  @ApiProperty({ example: 'asiento' })
  entidad!: string;

  @ApiProperty({ nullable: true, type: String })
  entidad_id!: string | null;

  @ApiProperty({ example: 'ok', description: 'ok, or the error value of a refusal' })
  resultado!: string;

  @ApiProperty({ description: 'SHA-256 of the request input (never the input itself)' })
  input_sha256!: string;

  @ApiProperty({ example: '2026-01-15T12:00:00.000Z' })
  at!: string;
}

export class AuditoriaView {
  @ApiProperty({ type: [AuditView] })
  registros!: AuditView[];
}
