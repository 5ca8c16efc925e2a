import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EstadoDocumentoView } from '@lib/contracts';
import { FORMATOS_PDF, TIPOS_DTE_EMITIDOS, type FormatoPdf } from '@lib/dte';
import { IsRut } from '@lib/rut';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsUUID, Matches } from 'class-validator';

export class EstadoQueryDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;

  @ApiProperty({ example: '0260003916' })
  @Matches(/^\d{1,20}$/, { message: 'trackid must be the numeric SII TRACKID' })
  trackid!: string;
}

/** Answer of GET /tax/dte/estado (QueryEstUp). */
export class DteEstadoView {
  @ApiProperty({ example: '0260003916' })
  trackid!: string;

  @ApiProperty({ example: 'EPR', description: 'SII envío state: REC SOK CRT FOK PDR EPR (final) RSC RFR RCT RPT VOF' })
  estado!: string;

  @ApiProperty({ example: 'Envio Procesado' })
  glosa!: string;

  @ApiProperty({ type: [EstadoDocumentoView] })
  documentos!: EstadoDocumentoView[];
}

export class EmisionIdParamDto {
  @ApiProperty({ example: '0d7f4c56-3f6e-4b1e-9d0a-0b1a5c1f2e3d' })
  @IsUUID()
  emision_id!: string;
}

export class PendingQueryDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;

  @ApiPropertyOptional({ example: 33, enum: [...TIPOS_DTE_EMITIDOS] })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @IsIn(TIPOS_DTE_EMITIDOS)
  tipo_dte?: number;
}

/** Why a DTE is pending. */
export const MOTIVOS_PENDIENTE = ['not_sent', 'upload_failed', 'rejected'] as const;
export type MotivoPendiente = (typeof MOTIVOS_PENDIENTE)[number];

export class PendienteView {
  @ApiProperty({ example: '0d7f4c56-3f6e-4b1e-9d0a-0b1a5c1f2e3d' })
  emision_id!: string;

  @ApiProperty({ example: 33 })
  tipo_dte!: number;

  @ApiProperty({ example: 12 })
  folio!: number;

  @ApiProperty({ example: '2026-01-15' })
  fecha_emision!: string;

  @ApiProperty({ example: 'upload_failed', description: 'signed | uploading | upload_failed | RSC | RFR | RCT | RPT | VOF | EPR' })
  estado!: string;

  @ApiProperty({
    enum: MOTIVOS_PENDIENTE,
    description: 'not_sent (signed, never uploaded), upload_failed (POST .../reenviar sends it again), rejected (by the SII)',
  })
  motivo!: MotivoPendiente;

  @ApiPropertyOptional({ example: 'SII upload: STATUS 5 (token expired)', nullable: true, type: String })
  detalle!: string | null;

  @ApiPropertyOptional({ example: '0260003916', nullable: true, type: String })
  trackid!: string | null;

  @ApiProperty({ example: '2026-01-15T12:00:00.000Z' })
  created_at!: string;

  @ApiProperty({ example: '2026-01-15T12:00:00.000Z' })
  updated_at!: string;
}

/** Answer of GET /tax/dte/pending: oldest first, at most 500. */
export class PendientesView {
  @ApiProperty({ type: [PendienteView] })
  pendientes!: PendienteView[];
}

export class PdfQueryDto {
  @ApiPropertyOptional({ example: true, description: 'The CEDIBLE copy with the acuse de recibo (33 and 34 only; carta only)' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  cedible?: boolean;

  @ApiPropertyOptional({
    enum: FORMATOS_PDF,
    default: 'carta',
    description: 'carta: LETTER page(s); termica: one 80 mm wide page (thermal roll) as long as the document',
  })
  @IsOptional()
  @IsIn(FORMATOS_PDF)
  formato?: FormatoPdf;
}
