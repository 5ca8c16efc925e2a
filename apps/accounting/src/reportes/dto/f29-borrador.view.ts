import { ApiProperty } from '@nestjs/swagger';

export class SegunDocumentosView {
  @ApiProperty() debito_fiscal!: number;
  @ApiProperty() credito_fiscal!: number;
}

export class CodigoF29View {
  @ApiProperty({ example: '538', description: "The F29's código (docs/research/f29.md §2)" }) codigo!: string;
  @ApiProperty({ example: 'Total débitos' }) glosa!: string;
  @ApiProperty({ example: 55100, description: 'Whole CLP; a cantidad of documents for 503, 512, 509, 519, 531, 527; a percent for 115' })
  valor!: number;
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
  @ApiProperty({ description: '504: the previous month’s 077 readjusted by the UTM' }) remanente_anterior!: number;
  @ApiProperty({ description: 'credito_fiscal + remanente_anterior' }) total_creditos!: number;
  @ApiProperty({ description: 'debito_fiscal − total_creditos when positive' }) iva_a_pagar!: number;
  @ApiProperty({ description: 'total_creditos − debito_fiscal when positive: carried to the next month' }) remanente_siguiente!: number;
  @ApiProperty({ type: SegunDocumentosView, description: 'The same month from the documents, to reconcile with the books' })
  segun_documentos!: SegunDocumentosView;
  @ApiProperty({ description: 'Whether the remanente was readjusted by the UTM at every month (false: a month’s UTM is not registered)' })
  remanente_reajustado!: boolean;
  @ApiProperty({ nullable: true, type: String, example: '0.25', description: "The empresa's PPM rate (percent); null: PPM not computed" })
  tasa_ppm!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: '062 PPM neto determinado' }) ppm!: number | null;
  @ApiProperty({ description: '151 retención de honorarios of the month' }) retencion_honorarios!: number;
  @ApiProperty({ description: '091 total a pagar dentro del plazo legal' }) total_a_pagar!: number;
  @ApiProperty({ description: "Whether the documents' IVA lines add up to the ledger's débito and crédito" })
  cuadra_con_documentos!: boolean;
  @ApiProperty({ type: [CodigoF29View], description: "The form's códigos, in the form's order" }) codigos!: CodigoF29View[];
}
