import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional } from 'class-validator';
import { IsRut } from '@lib/rut';
import { TIPOS_CON_CAF } from '@lib/dte';

export class CafResyncDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;

  @ApiPropertyOptional({ enum: [...TIPOS_CON_CAF], description: 'One type; every type with a CAF when absent' })
  @IsOptional()
  @IsInt()
  @IsIn(TIPOS_CON_CAF)
  tipo_dte?: number;
}

/** A consumed folio that needs a person: why, and what to do. */
export class FolioPendienteView {
  @ApiProperty({ example: 12 }) folio!: number;
  @ApiProperty({ enum: ['no_recibido', 'a_anular'], description: 'no_recibido: resend it; a_anular: annul it in the SII portal' })
  motivo!: string;
  @ApiProperty({ example: 'The SII has no record of it (getEstDte FAU)' }) detalle!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) emision_id!: string | null;
}

export class CafResyncResultView {
  @ApiProperty({ example: 33 }) tipo_dte!: number;
  @ApiProperty() caf_id!: string;
  @ApiProperty({ example: 1 }) desde!: number;
  @ApiProperty({ example: 100 }) hasta!: number;
  @ApiProperty({ example: 13, description: 'The next folio before the resync' }) siguiente_antes!: number;
  @ApiProperty({ example: 15, description: 'The next folio now (past the folios another system used)' }) siguiente!: number;
  @ApiProperty({ example: 12, description: 'Folios this gateway consumed' }) consumidos!: number;
  @ApiProperty({ type: [Number], description: 'Folios after the counter the SII already knows: used by another system, skipped' })
  conocidos_por_sii!: number[];
  @ApiProperty({ type: [FolioPendienteView] }) pendientes!: FolioPendienteView[];
}

export class CafResyncView {
  @ApiProperty() tenant!: string;
  @ApiProperty({ type: [CafResyncResultView] }) cafs!: CafResyncResultView[];
}
