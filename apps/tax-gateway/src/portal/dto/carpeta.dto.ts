import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsRut } from '@lib/rut';
import { PROPOSITOS, type Proposito } from '../carpeta.service';

export class CarpetaRequestDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;

  @ApiPropertyOptional({ example: '76086428-5', description: "The taxpayer whose carpeta it is; the tenant's own when absent" })
  @IsOptional()
  @IsRut()
  rut?: string;

  @ApiPropertyOptional({
    example: '76086428-5',
    description:
      "Use this representado's imported portal session (POST /tax/auth/import-session) instead of the certificate's; the carpeta is then the representado's unless `rut` says otherwise",
  })
  @IsOptional()
  @IsRut()
  representado_rut?: string;

  @ApiPropertyOptional({ enum: Object.keys(PROPOSITOS), default: 'creditos' })
  @IsOptional()
  @IsIn(Object.keys(PROPOSITOS))
  proposito?: Proposito;
}
