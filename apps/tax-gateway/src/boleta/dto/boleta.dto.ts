import { ApiProperty } from '@nestjs/swagger';
import { IsRut } from '@lib/rut';
import { EstadoDocumentoView } from '@lib/contracts';

/** Body of POST /tax/boleta/enviar. */
export class EnviarBoletasDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;
}

/** One EnvioBOLETA made by POST /tax/boleta/enviar. */
export class EnvioBoletaHechoView {
  @ApiProperty({ example: '0d7f4c56-3f6e-4b1e-9d0a-0b1a5c1f2e3d', nullable: true, type: String })
  envio_id!: string | null;

  @ApiProperty({ example: 12, description: 'Boletas in the envelope (at most 500)' })
  boletas!: number;

  @ApiProperty({ example: '123456789012345', nullable: true, type: String, description: 'The SII trackid; null when the envío failed' })
  trackid!: string | null;

  @ApiProperty({ required: false, example: 'sii_unavailable', description: 'Why the envío failed; its boletas say it too' })
  error?: string;
}

export class EnviarBoletasView {
  @ApiProperty({ type: [EnvioBoletaHechoView] })
  envios!: EnvioBoletaHechoView[];
}

/** One error of the boleta service about a boleta or the envío (docs/research/boletas.md §1.4). */
export class ErrorBoletaView {
  @ApiProperty({ example: 'HED', description: 'ENV, CRT, TED, CAF, DTE, HED, DET, REF or DRG' }) seccion!: string;
  @ApiProperty({ example: 3, nullable: true, type: Number, description: '1 objection, 3 rejection' }) nivel!: number | null;
  @ApiProperty({ example: 11, nullable: true, type: Number }) codigo!: number | null;
  @ApiProperty({ example: 'RUT envia diferente al Upload' }) descripcion!: string;
  @ApiProperty({ nullable: true, type: String }) detalle!: string | null;
}

/** A boleta the SII objected to or rejected; tipo and folio null for the envío as a whole. */
export class BoletaObservadaView {
  @ApiProperty({ example: 39, nullable: true, type: Number }) tipo!: number | null;
  @ApiProperty({ example: 1202, nullable: true, type: Number }) folio!: number | null;
  @ApiProperty({ example: 'RCH', description: 'RCH rejected, RPR or RLV accepted with objections' }) estado!: string;
  @ApiProperty({ example: 'Dte Rechazado' }) descripcion!: string;
  @ApiProperty({ type: [ErrorBoletaView] }) errores!: ErrorBoletaView[];
}

/** Answer of GET /tax/boleta/estado: the boleta service's estado of an EnvioBOLETA. */
export class EstadoEnvioBoletaView {
  @ApiProperty({ example: '123456789012345' }) trackid!: string;
  @ApiProperty({ example: 'EPR', description: 'REC SOK CRT FOK PRD, then EPR (processed), RPR, or a refusal RSC RFR RCT RPT RCO RCH VOF' })
  estado!: string;
  @ApiProperty({ type: [EstadoDocumentoView], description: 'Counts per type, once processed' }) estadistica!: EstadoDocumentoView[];
  @ApiProperty({ type: [BoletaObservadaView], nullable: true, description: 'null until the SII lists them' })
  observadas!: BoletaObservadaView[] | null;
}
