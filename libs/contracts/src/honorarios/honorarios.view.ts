import { ApiProperty } from '@nestjs/swagger';

// The answer of the gateway's GET /tax/honorarios/recibidas (docs/tax-gateway.md "Boletas de honorarios"), shared by the gateway and
// accounting, which books them (docs/accounting.md "Boletas de honorarios").

/** A boleta de honorarios electrónica the tenant received, as the SII's monthly report lists it. Amounts in whole CLP. */
export class BoletaHonorariosView {
  @ApiProperty({ example: 123 }) folio!: number;
  @ApiProperty({ example: '12345678-5', description: 'The issuer (a person or a sociedad de profesionales)' }) rut_emisor!: string;
  @ApiProperty({ example: 'Juan Pérez Soto' }) nombre_emisor!: string;
  @ApiProperty({ example: '2026-10-05', description: 'YYYY-MM-DD' }) fecha!: string;
  @ApiProperty({ example: 145000 }) honorario_bruto!: number;
  @ApiProperty({ example: 22113, description: 'What the receiver withholds; 0 when the issuer pays the retention himself' })
  retencion_receptor!: number;
  @ApiProperty({ example: 122887 }) liquido!: number;
  @ApiProperty() anulada!: boolean;
  @ApiProperty() sociedad_profesional!: boolean;
  @ApiProperty({ example: '123456785000123ABCDE', description: "The SII's key for the boleta's PDF" }) codigo_barras!: string;
}

/** GET /tax/honorarios/recibidas: every boleta de honorarios the tenant received in a month (all pages of the report). */
export class HonorariosRecibidosView {
  @ApiProperty({ example: '76086428-5' }) tenant!: string;
  @ApiProperty({ example: '2026-10' }) periodo!: string;
  @ApiProperty({ description: 'When the SII was asked' }) consultado_at!: string;
  @ApiProperty({ type: [BoletaHonorariosView] }) boletas!: BoletaHonorariosView[];
}
