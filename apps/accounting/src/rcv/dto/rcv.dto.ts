import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsFecha } from '@lib/schemas';
import { ESTADOS_RCV } from '@lib/contracts';

/** POST /contable/rcv/diferencias/{id}/confirmar. */
export class ConfirmarDiferenciaDto {
  @ApiPropertyOptional({
    example: '2026-11-30',
    description:
      "Date of a reversal (reclamado); defaults to the original entry's. A booking (no_contabilizado) is always dated the document's FchEmis",
  })
  @IsOptional()
  @IsFecha()
  fecha?: string;
}

/** POST /contable/rcv/diferencias/{id}/descartar. */
export class DescartarDiferenciaDto {
  @ApiProperty({ example: 'El proveedor anuló la factura con una nota de crédito del mes siguiente', description: 'Why (≤ 500)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  motivo!: string;
}

export class DiferenciaCampoView {
  @ApiProperty({ enum: ['exento', 'neto', 'iva', 'total'] }) campo!: string;
  @ApiProperty({ description: 'CLP, as the RCV has it' }) rcv!: number;
  @ApiProperty({ description: 'CLP, as the books have it' }) libros!: number;
}

/** One difference between the books and the RCV, with the accountant's decision. Amounts in CLP. */
export class RcvDiferenciaView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty({ example: '2026-10' }) periodo!: string;
  @ApiProperty({ enum: ['compra', 'venta'], description: "The register's book: purchases or sales" }) libro!: string;
  @ApiProperty({
    enum: ['no_contabilizado', 'no_registrado', 'reclamado', 'montos_distintos'],
    description:
      'no_contabilizado: registered, not booked (confirming books the purchase or the sale from the RCV data); no_registrado: booked, not registered; ' +
      'reclamado: claimed (RCD, RFP, RFT) and booked (confirming reverses its entry, once); montos_distintos: amounts differ',
  })
  clase!: string;
  @ApiProperty({ example: 33 }) tipo_dte!: number;
  @ApiProperty({ example: 1204 }) folio!: number;
  @ApiProperty({ example: '76543210-3', description: 'The supplier (compra) or the customer (venta)' }) rut_contraparte!: string;
  @ApiProperty() razon_social!: string;
  @ApiProperty({ example: '2026-10-05' }) fecha_emision!: string;
  @ApiProperty({ nullable: true, type: String, enum: ESTADOS_RCV }) estado_rcv!: string | null;
  @ApiProperty({ description: "The RCV's amounts (the books' for no_registrado)" }) neto!: number;
  @ApiProperty() exento!: number;
  @ApiProperty() iva!: number;
  @ApiProperty() total!: number;
  @ApiProperty({ type: [DiferenciaCampoView] }) diferencias!: DiferenciaCampoView[];
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The document in the books, when there is one: a factura (compra) or a documento emitido (venta)',
  })
  documento_id!: string | null;
  @ApiProperty({ enum: ['pendiente', 'confirmada', 'descartada', 'superada'], description: 'superada: a later run no longer found it' })
  estado!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'The entry the confirmation posted' }) asiento_id!:
    string | null;
  @ApiProperty({ nullable: true, type: String }) motivo!: string | null;
  @ApiProperty() detectada_at!: string;
  @ApiProperty({ nullable: true, type: String }) resuelta_at!: string | null;
  @ApiProperty({ nullable: true, type: String }) resuelta_por!: string | null;
}

export class RcvResumenView {
  @ApiProperty() pendientes!: number;
  @ApiProperty() confirmadas!: number;
  @ApiProperty() descartadas!: number;
  @ApiProperty() superadas!: number;
}

/** The reconciliation of a month's purchases and sales with the RCV: the last run and every difference found, decided or not. */
export class RcvConciliacionView {
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty({ example: '2026-10' }) periodo!: string;
  @ApiProperty({ description: 'When the gateway last asked the SII' }) consultado_at!: string;
  @ApiProperty({ description: "Documents in the RCV's purchases and sales registers of the month" }) documentos_rcv!: number;
  @ApiProperty({ type: RcvResumenView }) resumen!: RcvResumenView;
  @ApiProperty({ type: [RcvDiferenciaView] }) diferencias!: RcvDiferenciaView[];
}
