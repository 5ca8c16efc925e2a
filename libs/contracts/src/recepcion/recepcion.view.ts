import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MontosView } from '../dte/emision.view';

// The answer of the gateway's POST /tax/recepcion/dte (docs/tax-gateway.md "Reception"), shared by the
// gateway and its callers (accounting verifies a supplier's DTE through it before booking).

/** One check of a received file or DTE. */
export class VerificacionView {
  @ApiProperty({
    example: 'ted_firma',
    description:
      'xsd, firma_envio, caratula_receptor (file); firma_documento, ted_firma, caf, caf_emisor, receptor, ted_documento, totales (document)',
  })
  verificacion!: string;

  @ApiProperty()
  ok!: boolean;

  @ApiPropertyOptional({ example: 'FRMT does not verify with the CAF key' })
  detalle?: string;

  @ApiPropertyOptional({
    enum: ['recibido', 'extraido', 'con_namespace'],
    description:
      'xsd and firma_documento: the form of the document that was checked. recibido: the bytes as received; extraido: the DTE ' +
      'on its own, out of its envelope (signed alone, then enveloped); con_namespace: the DTE with the SII namespace its ' +
      'issuer left out (signed inside an envelope that declared it, then stored alone)',
  })
  forma?: 'recibido' | 'extraido' | 'con_namespace';
}

/** A signed answer to the supplier (exact bytes). */
export class RespuestaView {
  @ApiProperty({ example: '3b0b7f3e-1c1a-4c55-9b1e-2f0f1c2d3e4f' })
  respuesta_id!: string;

  @ApiProperty({ enum: ['RecepcionEnvio', 'ResultadoDTE', 'EnvioRecibos'] })
  tipo!: string;

  @ApiProperty({ example: 12, description: 'Caratula IdRespuesta' })
  numero!: number;

  @ApiProperty({ example: 'a3f1...', description: 'sha256 of the bytes, hex' })
  sha256!: string;

  @ApiProperty({ description: 'The signed answer, base64 of the exact ISO-8859-1 bytes' })
  xml_base64!: string;

  @ApiProperty({ example: '2026-11-24T12:00:00.000Z' })
  created_at!: string;
}

/** A received DTE. */
export class RecepcionView {
  @ApiProperty({ example: '6f1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e' })
  recepcion_id!: string;

  @ApiProperty({ example: '76086428-5' })
  tenant!: string;

  @ApiProperty({ example: '2d1c0b9a-8f7e-4d6c-9b5a-4f3e2d1c0b9a' })
  envio_id!: string;

  @ApiProperty({ example: '96790240-3' })
  rut_emisor!: string;

  @ApiProperty({ example: 'Proveedora Los Andes SpA' })
  razon_social_emisor!: string;

  @ApiProperty({
    nullable: true,
    type: String,
    example: 'dte@proveedora.cl',
    description: "The supplier's CorreoEmisor: where the answers go",
  })
  correo_intercambio!: string | null;

  @ApiProperty({ example: 33 })
  tipo_dte!: number;

  @ApiProperty({ example: 60 })
  folio!: number;

  @ApiProperty({ example: '2026-11-20' })
  fecha_emision!: string;

  @ApiProperty({ example: '76086428-5' })
  rut_receptor!: string;

  @ApiProperty({ type: MontosView })
  montos!: MontosView;

  @ApiProperty({ enum: ['recibido', 'rechazado'], description: 'recibido: every check held' })
  estado!: string;

  @ApiProperty({ example: 0, description: 'EstadoRecepDTE: 0 ok, 1 signature, 2 issuer RUT, 3 receiver RUT, 99 other' })
  estado_recepcion!: number;

  @ApiProperty({ example: 'DTE Recibido OK' })
  glosa!: string;

  @ApiProperty({ nullable: true, type: String, enum: ['aceptado', 'aceptado_con_reparos', 'rechazado'] })
  estado_comercial!: string | null;

  @ApiProperty({ example: '2026-11-24T12:00:00.000Z' })
  created_at!: string;
}

/** A DTE of a reception answer: `duplicado` when it had been received before (the stored result, no new record). */
export class RecepcionDocumentoView extends RecepcionView {
  @ApiProperty()
  duplicado!: boolean;

  @ApiProperty({ type: [VerificacionView], description: 'Checks of the file, then of the document (the reasons of a rechazado)' })
  verificaciones!: VerificacionView[];
}

/** Answer of POST /tax/recepcion/dte. */
export class RecepcionEnvioView {
  @ApiProperty({ example: '2d1c0b9a-8f7e-4d6c-9b5a-4f3e2d1c0b9a' })
  envio_id!: string;

  @ApiProperty({ example: '76086428-5' })
  tenant!: string;

  @ApiProperty({ example: 'EnvioDTE.xml' })
  nombre_archivo!: string;

  @ApiProperty({ description: 'sha256 of the received bytes, hex' })
  sha256!: string;

  @ApiProperty({ example: 0, description: 'EstadoRecepEnv: 0 ok, 1 schema, 2 signature, 3 receiver RUT, 99 other' })
  estado_envio!: number;

  @ApiProperty({ example: 'Envio Recibido Conforme' })
  glosa!: string;

  @ApiProperty({ description: 'The same bytes had been received before: the stored result, nothing new stored' })
  duplicado!: boolean;

  @ApiProperty({ type: [VerificacionView], description: 'Checks of the file as a whole' })
  verificaciones!: VerificacionView[];

  @ApiProperty({ type: [RecepcionDocumentoView] })
  documentos!: RecepcionDocumentoView[];

  @ApiProperty({ type: RespuestaView, description: 'The signed RecepcionEnvio to deliver to the supplier' })
  respuesta!: RespuestaView;

  @ApiProperty({ nullable: true, type: String, example: 'dte@proveedora.cl', description: 'Where to deliver the answer (CorreoEmisor)' })
  correo_intercambio!: string | null;
}
