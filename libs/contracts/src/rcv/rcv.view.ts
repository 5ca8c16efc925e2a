import { ApiProperty } from '@nestjs/swagger';

// The answer of the gateway's GET /tax/rcv/libro (docs/tax-gateway.md "RCV"), shared by the gateway and accounting,
// which reconciles its books with it (docs/accounting.md "RCV reconciliation").

/** Amounts in CLP. */
export class MontosRcvView {
  @ApiProperty() exento!: number;
  @ApiProperty() neto!: number;
  @ApiProperty() iva!: number;
  @ApiProperty() total!: number;
}

export class DiferenciaRcvView {
  @ApiProperty({ enum: ['exento', 'neto', 'iva', 'total'] }) campo!: string;
  @ApiProperty() sii!: number;
  @ApiProperty() gateway!: number;
}

/** The register's estados: the purchases register lists each document under one of the four; the sales register only REGISTRO. */
export const ESTADOS_RCV = ['REGISTRO', 'PENDIENTE', 'RECLAMADO', 'NO_INCLUIR'] as const;
export type EstadoRcv = (typeof ESTADOS_RCV)[number];

export class DocumentoRcvView {
  @ApiProperty({ example: 33 }) tipo_dte!: number;
  @ApiProperty({ example: 120 }) folio!: number;
  @ApiProperty({ example: '77777777-7', description: 'The customer (venta) or the supplier (compra)' }) rut_contraparte!: string;
  @ApiProperty() razon_social!: string;
  @ApiProperty({ example: '2026-11-03' }) fecha_emision!: string;
  @ApiProperty({ enum: ['coincide', 'solo_sii', 'solo_gateway', 'difiere'] }) estado!: string;
  @ApiProperty({ nullable: true, type: String, enum: ESTADOS_RCV }) estado_rcv!: EstadoRcv | null;
  @ApiProperty({ type: MontosRcvView, nullable: true }) sii!: MontosRcvView | null;
  @ApiProperty({ type: MontosRcvView, nullable: true }) gateway!: MontosRcvView | null;
  @ApiProperty({ type: [DiferenciaRcvView] }) diferencias!: DiferenciaRcvView[];
}

export class ResumenRcvView {
  @ApiProperty() coincide!: number;
  @ApiProperty() solo_sii!: number;
  @ApiProperty() solo_gateway!: number;
  @ApiProperty() difiere!: number;
}

/** GET /tax/rcv/libro: the register as the SII holds it, reconciled with the gateway's documents. */
export class RcvLibroView {
  @ApiProperty() tenant!: string;
  @ApiProperty() periodo!: string;
  @ApiProperty({ enum: ['compra', 'venta'] }) tipo!: string;
  @ApiProperty({ description: 'When the SII was asked' }) consultado_at!: string;
  @ApiProperty({ type: ResumenRcvView }) resumen!: ResumenRcvView;
  @ApiProperty({ type: [DocumentoRcvView] }) documentos!: DocumentoRcvView[];
}
