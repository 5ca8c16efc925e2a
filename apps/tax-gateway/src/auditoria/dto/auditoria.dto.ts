import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { IsRut } from '@lib/rut';
import { IsFecha } from '@lib/schemas';
import { OPERACIONES_AUDITADAS } from '../operaciones';
import { PaginaView, PaginaQueryDto } from '@lib/schemas';

export class AuditoriaQueryDto extends PaginaQueryDto {
  @ApiPropertyOptional({ example: '76086428-5' })
  @IsOptional()
  @IsRut()
  tenant?: string;

  @ApiPropertyOptional({ enum: OPERACIONES_AUDITADAS })
  @IsOptional()
  @IsIn(OPERACIONES_AUDITADAS)
  operacion?: string;

  @ApiPropertyOptional({ example: '2026-11-01', description: 'From this day (America/Santiago), inclusive' })
  @IsOptional()
  @IsFecha()
  desde?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'Up to this day (America/Santiago), inclusive' })
  @IsOptional()
  @IsFecha()
  hasta?: string;
}

export class AuditoriaIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;
}

export class AuditoriaView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ nullable: true, type: String, example: '76086428-5' }) tenant!: string | null;
  @ApiProperty({ enum: OPERACIONES_AUDITADAS }) operacion!: string;
  @ApiProperty({ example: 'admin', description: 'The caller' }) actor!: string;
  @ApiProperty({ example: '2026-11-25T12:00:00.000Z' }) at!: string;
  @ApiProperty({ nullable: true, type: String, description: 'The record: emision_id, caf_id, libro_id, respuesta_id, RUT...' })
  recurso!: string | null;
  @ApiProperty({ description: 'Hex sha256 of the bytes involved (or of the answer’s canonical JSON)' }) sha256!: string;
  @ApiProperty({ description: 'Exactly the signed bytes: UTF-8 JSON, keys sorted' }) canonical!: string;
  @ApiProperty({ enum: ['firmado', 'pendiente'] }) estado!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'CMS SignedData, DER, base64, content attached: `openssl cms -verify -inform DER` against the signer certificate',
  })
  cms_base64!: string | null;
  @ApiProperty() intentos!: number;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
  @ApiProperty({ nullable: true, type: String }) firmado_at!: string | null;
}

export class AuditoriaListView extends PaginaView {
  @ApiProperty({ type: [AuditoriaView] }) items!: AuditoriaView[];
}
