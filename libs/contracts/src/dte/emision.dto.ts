import { ApiProperty } from '@nestjs/swagger';

/** Amounts of an emitted DTE (Totales of Formato DTE v2.2), whole CLP pesos. */
export class MontosDto {
  @ApiProperty({ example: 119990, description: 'MntNeto, whole CLP' })
  neto!: number;

  @ApiProperty({ example: 0, description: 'MntExe, whole CLP' })
  exento!: number;

  @ApiProperty({ example: 22798, description: 'IVA 19 %, whole CLP' })
  iva!: number;

  @ApiProperty({ example: 142788, description: 'MntTotal, whole CLP' })
  total!: number;
}

/** Fields shared by the emission answers. */
export class EmisionBaseDto {
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

  @ApiProperty({ type: MontosDto })
  montos!: MontosDto;
}

/** Answer (201) of the tax-gateway's `POST /tax/dte/emitir`; accounting books from it. */
export class EmitirResponseDto extends EmisionBaseDto {
  @ApiProperty({ example: '0260003916', description: 'SII TRACKID of the upload' })
  trackid!: string;
}
