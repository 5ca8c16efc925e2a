import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Length } from 'class-validator';
import { IsAbsentOr } from '@lib/schemas';

/** POST /tax/recepcion/{recepcion_id}/aceptar: ACD accepts the content, ERM gives the receipt of goods or services. */
export class AceptarBodyDto {
  @ApiPropertyOptional({ enum: ['ACD', 'ERM'], default: 'ACD', description: 'ACD acepta contenido; ERM recibo de mercaderías o servicios' })
  @IsAbsentOr()
  @IsIn(['ACD', 'ERM'])
  accion?: 'ACD' | 'ERM';
}

/** POST /tax/recepcion/{recepcion_id}/reclamar: a claim in the RCV, with the reason kept by the gateway. */
export class ReclamarBodyDto {
  @ApiProperty({ enum: ['RCD', 'RFP', 'RFT'], description: 'RCD contenido; RFP falta parcial; RFT falta total de mercaderías' })
  @IsIn(['RCD', 'RFP', 'RFT'])
  accion!: 'RCD' | 'RFP' | 'RFT';

  @ApiProperty({ example: 'Precio distinto al de la orden de compra 4512', description: 'Why (kept with the event; ≤ 500)' })
  @IsString()
  @Length(1, 500)
  motivo!: string;
}

export class RecepcionEventoView {
  @ApiProperty() evento_id!: string;
  @ApiProperty() recepcion_id!: string;
  @ApiProperty({ enum: ['ACD', 'ERM', 'RCD', 'RFP', 'RFT'] }) accion!: string;
  @ApiProperty({ nullable: true, type: String }) motivo!: string | null;
  @ApiProperty({ example: 'Acción Completada OK', description: "The SII's descResp" }) sii_respuesta!: string;
  @ApiProperty({ example: '2026-11-20T14:03:51.000Z', description: 'When the SII received the DTE' }) fecha_recepcion_sii!: string;
  @ApiProperty({ nullable: true, type: String }) caller!: string | null;
  @ApiProperty() created_at!: string;
  @ApiPropertyOptional({
    type: [String],
    description:
      'Only in the answer that registers the event: what the gateway noticed and the SII did not judge so (e.g. more than 8 ' +
      "days by the gateway's count: the SII's answer decides)",
  })
  advertencias?: string[];
}

/** One event as the SII lists it (listarEventosHistDoc). */
export class EventoSiiView {
  @ApiProperty({ example: 'ACD' }) codigo!: string;
  @ApiProperty({ example: 'Acepta Contenido del Documento' }) descripcion!: string;
  @ApiProperty({ example: '11111111-1' }) rut_responsable!: string;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) fecha!: string;
}

export class RecepcionEventosView {
  @ApiProperty() recepcion_id!: string;
  @ApiProperty({ nullable: true, type: String, description: 'When the SII received the DTE; null when it has no record of it' })
  fecha_recepcion_sii!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'End of the 8 calendar days for acceptance and claims (Ley 19.983 art. 3)' })
  plazo_hasta!: string | null;
  @ApiProperty({ description: 'Events may still be registered' }) plazo_vigente!: boolean;
  @ApiProperty({ type: [EventoSiiView], description: 'As the SII lists them' }) eventos!: EventoSiiView[];
  @ApiProperty({ type: [RecepcionEventoView], description: 'Those registered through the gateway, with their reasons' })
  registrados!: RecepcionEventoView[];
}
