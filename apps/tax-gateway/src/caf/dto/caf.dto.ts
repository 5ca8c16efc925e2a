import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsRut } from '@lib/rut';
import { TIPOS_CON_CAF } from '@lib/dte';

/** The non-file field of POST /tax/caf/upload (validated like any DTO). */
export class CafUploadFieldsDto {
  @ApiProperty({ example: '76086428-5', description: 'Tenant RUT; must equal the CAF DA/RE' })
  @IsRut()
  tenant!: string;
}

export class CafStatusQueryDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;
}

export class CafView {
  @ApiProperty({ example: '6f1c0c7e-3d0c-4a8a-9a53-1b7f3c7e2a10' })
  caf_id!: string;

  @ApiProperty({ example: '76086428-5' })
  tenant!: string;

  @ApiProperty({ example: 33, enum: [...TIPOS_CON_CAF] })
  tipo_dte!: number;

  @ApiProperty({ example: 1 })
  desde!: number;

  @ApiProperty({ example: 100 })
  hasta!: number;

  @ApiProperty({ example: '2026-01-15', description: 'DA/FA' })
  fecha_autorizacion!: string;

  @ApiPropertyOptional({ example: '2026-07-14', nullable: true, description: 'Last day the folios may be used; null = no expiry (34)' })
  ultimo_dia_valido!: string | null;

  @ApiProperty({ example: 1, description: 'Next folio to be handed out' })
  siguiente_folio!: number;

  @ApiProperty({ example: 100, description: 'Folios left (0 when expired)' })
  disponibles!: number;

  @ApiProperty({ example: true })
  vigente!: boolean;
}

export class CafAlertaView {
  @ApiProperty({ enum: ['sin_folios', 'pocos_folios', 'por_vencer'] })
  tipo!: 'sin_folios' | 'pocos_folios' | 'por_vencer';

  @ApiProperty({ example: '12 folios left (alert under 20).' })
  detalle!: string;
}

export class CafTipoStatusView {
  @ApiProperty({ example: 33 })
  tipo_dte!: number;

  @ApiProperty({ example: 95, description: 'Folios available in valid CAFs of this type' })
  disponibles!: number;

  @ApiPropertyOptional({
    example: '2026-07-14',
    nullable: true,
    type: String,
    description: 'Last valid day of the CAF in use (null: none left, or type 34)',
  })
  vence!: string | null;

  @ApiPropertyOptional({
    type: () => CafAlertaView,
    nullable: true,
    description: 'sin_folios, pocos_folios (under CAF_ALERTA_FOLIOS) or por_vencer (30 days)',
  })
  alerta!: CafAlertaView | null;

  @ApiProperty({ type: [CafView] })
  cafs!: CafView[];
}

export class CafStatusView {
  @ApiProperty({ example: '76086428-5' })
  tenant!: string;

  @ApiProperty({ type: [CafTipoStatusView] })
  tipos!: CafTipoStatusView[];
}
