import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { ESTADOS_JOB } from '../entities/job.entity';

export class JobIdParamDto {
  @ApiProperty({ example: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' })
  @IsUUID()
  job_id!: string;
}

export class JobItemView {
  @ApiProperty({ example: 'CASO 4567-1', description: 'What was reached: a case of a set, a book' }) item!: string;
  @ApiProperty({ example: 'uploaded' }) estado!: string;
  @ApiProperty({ nullable: true, type: String, example: 'folio 1' }) detalle!: string | null;
  @ApiProperty({ example: '2026-11-24T12:00:00.000Z' }) at!: string;
}

/** Long work in the background (docs/tax-gateway.md "Jobs"), followed with GET /tax/jobs/{job_id}. */
export class JobView {
  @ApiProperty({ example: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }) job_id!: string;
  @ApiProperty({ example: 'certificacion.run' }) tipo!: string;
  @ApiProperty({ example: '76086428-5' }) tenant!: string;
  @ApiProperty({ enum: ESTADOS_JOB }) estado!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Items the job will reach; null until it knows' }) total!: number | null;
  @ApiProperty({ example: 3, description: 'Items reached so far' }) hechos!: number;
  @ApiProperty({ type: [JobItemView] }) items!: JobItemView[];
  @ApiProperty({ nullable: true, type: Object, description: "The job's answer when done (for certificacion.run: CertificacionRunView)" })
  resultado!: Record<string, unknown> | null;
  @ApiProperty({ nullable: true, type: Object, description: 'The problem that ended a failed job (error, status, detail)' })
  error!: Record<string, unknown> | null;
  @ApiProperty({ example: '2026-11-24T12:00:00.000Z' }) created_at!: string;
  @ApiProperty({ nullable: true, type: String }) started_at!: string | null;
  @ApiProperty({ nullable: true, type: String }) finished_at!: string | null;
}
