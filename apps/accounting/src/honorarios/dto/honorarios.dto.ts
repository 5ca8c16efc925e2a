import { ApiProperty } from '@nestjs/swagger';

/** A boleta de honorarios of the month and what the import did with it. Amounts in whole CLP. */
export class BoletaHonorariosImportadaView {
  @ApiProperty({ example: 123 }) folio!: number;
  @ApiProperty({ example: '12345678-5' }) rut_emisor!: string;
  @ApiProperty() nombre_emisor!: string;
  @ApiProperty({ example: '2026-10-05' }) fecha!: string;
  @ApiProperty({ example: 145000 }) bruto!: number;
  @ApiProperty({ example: '15.25', description: "Percent of the boleta's year (Ley 21.133); 0 when the issuer retains" }) tasa!: string;
  @ApiProperty({ example: 22113, description: 'Booked as Retenciones por Pagar (bruto × tasa, rounded half up)' }) retencion!: number;
  @ApiProperty({ example: 22113, description: "The SII's figure for the receiver's retention" }) retencion_sii!: number;
  @ApiProperty({ example: 122887 }) liquido!: number;
  @ApiProperty({
    enum: ['contabilizada', 'duplicada', 'anulada', 'reversada'],
    description:
      'contabilizada: booked now; duplicada: booked before; anulada: voided and never booked; reversada: voided after it was booked, its entry reversed now',
  })
  estado!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) asiento_id!: string | null;
}

/** POST /contable/honorarios/importar: the month's boletas de honorarios received, as the SII lists them, and what was booked. */
export class HonorariosImportView {
  @ApiProperty({ format: 'uuid' }) empresa_id!: string;
  @ApiProperty({ example: '2026-10' }) periodo!: string;
  @ApiProperty({ description: 'New entries (bookings and reversals)' }) asientos_nuevos!: number;
  @ApiProperty({ type: [BoletaHonorariosImportadaView] }) boletas!: BoletaHonorariosImportadaView[];
}
