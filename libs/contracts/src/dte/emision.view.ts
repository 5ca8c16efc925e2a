import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RESULTADOS_SII, type ResultadoSii } from '@lib/dte';

/** Amounts of an emitted DTE (Totales of Formato DTE v2.2), whole CLP pesos. */
export class MontosView {
  @ApiProperty({ example: 119990, description: 'MntNeto, whole CLP' })
  neto!: number;

  @ApiProperty({ example: 0, description: 'MntExe, whole CLP' })
  exento!: number;

  @ApiProperty({ example: 22798, description: 'IVA 19 %, whole CLP' })
  iva!: number;

  @ApiProperty({ example: 142788, description: 'MntTotal, whole CLP' })
  total!: number;
}

/** One additional tax of an emitted DTE (ImptoReten). */
export class ImpuestoAdicionalView {
  @ApiProperty({ example: 27, description: 'TipoImp (Formato DTE v2.2 §4)' }) codigo!: number;
  @ApiProperty({ example: 10, description: 'TasaImp, percent' }) tasa!: number;
  @ApiProperty({ example: 1000, description: 'MontoImp, whole CLP' }) monto!: number;
}

/** The currency amounts of an export document 110-112 (Totales, decimal strings as the DTE writes them). */
export class MontosExportacionView {
  @ApiProperty({ example: 'DOLAR USA', description: 'TpoMoneda of every amount of the document' }) moneda!: string;
  @ApiProperty({ example: '927.87', description: 'TpoCambio, pesos per unit' }) tipo_cambio!: string;
  @ApiProperty({ example: '30276', description: 'MntExe in moneda' }) exento!: string;
  @ApiProperty({ example: '30276', description: 'MntTotal in moneda (the TED MNT)' }) total!: string;
}

/** Amounts of an emitted DTE: the Totales and what made them (whole CLP; an export's are its pesos of OtraMoneda). */
export class MontosEmisionView extends MontosView {
  @ApiProperty({ example: 0, description: 'Line and global discounts' }) descuentos!: number;
  @ApiProperty({ example: 0, description: 'Line and global surcharges' }) recargos!: number;
  @ApiProperty({
    type: [ImpuestoAdicionalView],
    description: 'ImptoReten: additional taxes, and on a factura de compra 46 the IVA retained (subtracted from the total)',
  })
  impuestos_adicionales!: ImpuestoAdicionalView[];
  @ApiPropertyOptional({ example: 39400, description: 'IVANoRet of a factura de compra 46 with a partial retention, whole CLP' })
  iva_no_retenido?: number;
  @ApiPropertyOptional({
    example: { neto: 50000, exento: 0, iva: 9500 },
    description: 'Totales/Comisiones of a liquidación-factura 43 (ValComNeto, ValComExe, ValComIVA), subtracted from the total',
  })
  comisiones?: { neto: number; exento: number; iva: number };
  @ApiPropertyOptional({ type: MontosExportacionView, description: 'An export document: its amounts in its currency' })
  exportacion?: MontosExportacionView;
}

/** Fields shared by the emission answers. */
export class EmisionBaseView {
  @ApiProperty({ example: '0d7f4c56-3f6e-4b1e-9d0a-0b1a5c1f2e3d' })
  emision_id!: string;

  @ApiProperty({ example: 33 })
  tipo_dte!: number;

  @ApiProperty({ example: 1 })
  folio!: number;

  @ApiProperty({
    example: 'uploaded',
    description:
      'signed | uploaded | upload_failed, then the SII states (REC, SOK, CRT, FOK, PDR, EPR, RSC, RFR, RCT, RPT) via /tax/dte/estado',
  })
  estado!: string;

  @ApiProperty({ type: MontosEmisionView })
  montos!: MontosEmisionView;
}

/** The receptor of an emitted DTE. */
export class ReceptorRefView {
  @ApiProperty({ example: '77777777-7' })
  rut!: string;

  @ApiProperty({ example: 'Receptor SpA', description: 'RznSocRecep as the DTE carries it' })
  razon_social!: string;

  @ApiProperty({
    enum: ['sii', 'solicitud'],
    description:
      "Canonical-data rule (spec, hard rule 8): `sii` when the SII's list of DTE-authorized taxpayers knows the RUT and its name was used; `solicitud` when no source knows it and the caller's text was",
  })
  razon_social_fuente!: 'sii' | 'solicitud';
}

/** Answer (201) of the tax-gateway's `POST /tax/dte/emitir`; accounting books from it. */
export class EmitirView extends EmisionBaseView {
  @ApiProperty({ example: '0260003916', description: 'SII TRACKID of the upload' })
  trackid!: string;

  @ApiProperty({ type: ReceptorRefView })
  receptor!: ReceptorRefView;
}

/** Counts of one document type in the SII's answer for an envío (QueryEstUp). */
export class EstadoDocumentoView {
  @ApiProperty({ example: 33 })
  tipo_dte!: number;

  @ApiProperty({ example: 1 })
  informados!: number;

  @ApiProperty({ example: 1 })
  aceptados!: number;

  @ApiProperty({ example: 0 })
  rechazados!: number;

  @ApiProperty({ example: 0 })
  reparos!: number;
}

export class HistorialView {
  @ApiProperty({ example: 'uploaded' })
  estado!: string;

  @ApiPropertyOptional({ example: 'Envio Procesado', nullable: true })
  glosa!: string | null;

  @ApiProperty({ example: '2026-01-15T12:00:00.000Z' })
  at!: string;
}

/** Answer of GET /tax/dte/get/{emision_id}. */
export class EmisionDetailView extends EmisionBaseView {
  @ApiPropertyOptional({ example: '0260003916', nullable: true, description: 'null when the upload failed' })
  trackid!: string | null;

  @ApiProperty({ example: '76086428-5' })
  tenant!: string;

  @ApiProperty({ example: '2026-01-15' })
  fecha_emision!: string;

  @ApiProperty({ type: ReceptorRefView })
  receptor!: ReceptorRefView;

  @ApiPropertyOptional({ example: 'Envio Procesado', nullable: true })
  glosa!: string | null;

  @ApiProperty({ description: 'Base64 of the EnvioDTE bytes exactly as uploaded (ISO-8859-1)' })
  xml_base64!: string;

  @ApiPropertyOptional({ type: [EstadoDocumentoView], nullable: true })
  documentos!: EstadoDocumentoView[] | null;

  @ApiProperty({
    enum: RESULTADOS_SII,
    description:
      "The document's outcome at the SII, the field the other apps read instead of SII codes: pendiente until the envío is refused or processed (EPR), then from the SII's counts",
  })
  resultado!: ResultadoSii;

  @ApiPropertyOptional({
    example: 'DOK',
    nullable: true,
    type: String,
    description: 'What QueryEstDte says of the document: DOK, DNK, FAU, ANC, MMC, TMC, AND, MMD, TMD; null until asked',
  })
  estado_sii!: string | null;

  @ApiPropertyOptional({ example: 'DTE Recibido', nullable: true, type: String })
  estado_sii_glosa!: string | null;

  @ApiPropertyOptional({ description: 'The problem of a failed upload', nullable: true, type: Object })
  error!: Record<string, unknown> | null;

  @ApiProperty({ type: [HistorialView] })
  historial!: HistorialView[];

  @ApiProperty({ example: '2026-01-15T12:00:00.000Z' })
  created_at!: string;

  @ApiProperty({ example: '2026-01-15T12:00:00.000Z' })
  updated_at!: string;

  @ApiPropertyOptional({ example: '2026-01-15T12:00:01.000Z', nullable: true })
  uploaded_at!: string | null;
}
