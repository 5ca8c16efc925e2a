import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsRut } from '@lib/rut';
import { IsDecimalAmount } from '@lib/schemas';
import { IsIn, IsOptional } from 'class-validator';
import { REGIMENES, Regimen } from '../regimen';

/** POST /contable/empresas: only the RUT; the legal name comes from the tax gateway. */
export class CrearEmpresaDto {
  @ApiProperty({ example: '76086428-5', description: 'Any usual notation; stored normalized (12345678-K)' })
  @IsRut()
  rut!: string;

  @ApiPropertyOptional({ enum: REGIMENES, default: 'pro_pyme_14d3', description: 'LIR art. 14 regime (Ley 21.210)' })
  @IsOptional()
  @IsIn(REGIMENES)
  regimen?: Regimen;
}

/** PUT /contable/empresas/{id}/tasa-ppm. */
export class TasaPpmDto {
  @ApiProperty({ example: '0.25', description: "The PPM rate the SII assigned, percent of the month's gross income (up to 3 decimals)" })
  @IsDecimalAmount({ integers: 3, places: 3, min: 0, max: 100 })
  tasa_ppm!: string | number;
}
