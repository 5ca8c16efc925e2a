import { ApiProperty } from '@nestjs/swagger';

export class SegunDocumentosView {
  @ApiProperty() debito_fiscal!: number;
  @ApiProperty() credito_fiscal!: number;
}

/** GET /contable/f29-borrador: a draft from the books, never the official F29 (CLP whole pesos). */
export class F29BorradorView {
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty({ example: '2025-05' }) periodo!: string;
  @ApiProperty({ enum: [true] }) borrador!: true;
  @ApiProperty() aviso!: string;
  @ApiProperty({ description: 'IVA of sales minus IVA of credit notes issued (IVA Débito Fiscal haber − debe)' }) debito_fiscal!: number;
  @ApiProperty({ description: 'IVA of purchases minus IVA of credit notes received (IVA Crédito Fiscal debe − haber)' })
  credito_fiscal!: number;
  @ApiProperty({ description: 'Credit carried from earlier months (not readjusted)' }) remanente_anterior!: number;
  @ApiProperty({ description: 'credito_fiscal + remanente_anterior' }) total_creditos!: number;
  @ApiProperty({ description: 'debito_fiscal − total_creditos when positive' }) iva_a_pagar!: number;
  @ApiProperty({ description: 'total_creditos − debito_fiscal when positive: carried to the next month' }) remanente_siguiente!: number;
  @ApiProperty({ type: SegunDocumentosView, description: 'The same month from the documents, to reconcile with the books' })
  segun_documentos!: SegunDocumentosView;
}
