import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsRut } from '@lib/rut';
import { ArrayOfObjects, IsAbsentOr, IsFecha } from '@lib/schemas';
import { ArrayMaxSize, IsArray, IsBase64, IsEmail, IsInt, IsString, Length, Max, MaxLength, Min } from 'class-validator';

export class TenantParamDto {
  @ApiProperty({ example: '76086428-5', description: 'Tenant (issuer) RUT, any notation; modulo 11 checked' })
  @IsRut()
  tenant!: string;
}

/** One branch (sucursal) of the issuer as the SII registered it. */
export class SucursalDto {
  @ApiProperty({ example: 81234567, description: 'CdgSIISucur: the SII code of the branch' })
  @IsInt()
  @Min(1)
  @Max(999_999_999)
  codigo!: number;

  @ApiProperty({ example: 'Av. Los Carrera 550', description: 'DirOrigen of its DTEs (cut to 70 characters)' })
  @IsString()
  @Length(1, 100)
  direccion!: string;

  @ApiProperty({ example: 'Concepcion', description: 'CmnaOrigen of its DTEs (cut to 20 characters)' })
  @IsString()
  @Length(1, 60)
  comuna!: string;

  @ApiPropertyOptional({ example: 'Concepcion', description: 'CiudadOrigen of its DTEs (cut to 20 characters)' })
  @IsAbsentOr()
  @IsString()
  @Length(1, 60)
  ciudad?: string;
}

/** Body of PUT /tax/emisores/{tenant}: the whole record (absent optional fields are cleared). */
export class PutEmisorDto {
  @ApiProperty({ example: '2014-08-22', description: 'FchResol: date of the SII resolution that authorizes the tenant to issue DTEs' })
  @IsFecha()
  fecha_resolucion!: string;

  @ApiProperty({ example: 0, minimum: 0, description: 'NroResol: number of that resolution; 0 in certification' })
  @IsInt()
  @Min(0)
  @Max(999_999)
  numero_resolucion!: number;

  @ApiPropertyOptional({
    example: [620200],
    type: [Number],
    maxItems: 4,
    description: 'Acteco codes (integers, SII Formato DTE v2.2 Acteco) to print (1-4); the SII record’s giros when absent',
  })
  @IsAbsentOr()
  @IsArray()
  @ArrayMaxSize(4)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(999_999, { each: true })
  actecos?: number[];

  @ApiPropertyOptional({
    example: 81234567,
    description:
      'CdgSIISucur of the branch that issues by default, one of `sucursales` (422 sucursal_unknown otherwise); the head office when absent',
  })
  @IsAbsentOr()
  @IsInt()
  @Min(1)
  @Max(999_999_999)
  codigo_sucursal?: number;

  @ApiPropertyOptional({
    type: [SucursalDto],
    maxItems: 100,
    description: "The branches DTEs may be issued from: a DTE of a branch carries the branch's address as DirOrigen/CmnaOrigen",
  })
  @IsAbsentOr()
  @ArrayOfObjects(() => SucursalDto, { max: 100 })
  sucursales?: SucursalDto[];

  @ApiPropertyOptional({
    example: 'dte@empresa.cl',
    maxLength: 80,
    description: 'Intercambio address suppliers and customers send DTEs to',
  })
  @IsAbsentOr()
  @IsEmail()
  @MaxLength(80)
  correo_intercambio?: string;

  @ApiPropertyOptional({
    example: 'Santiago Oriente',
    maxLength: 40,
    description: 'SII office printed under the red box of the printed documents; the issuer comuna when absent',
  })
  @IsAbsentOr()
  @IsString()
  @Length(1, 40)
  oficina_sii?: string;

  @ApiPropertyOptional({
    description:
      'PNG or JPEG logo for the printed document, base64, at most 256 KB and 4096 px a side; stored (and answered) as a PNG of at most 600 x 450 px on white',
  })
  @IsAbsentOr()
  @IsBase64()
  @MaxLength(350_000)
  logo_base64?: string;
}

export class EmisorView {
  @ApiProperty({ example: '76086428-5' })
  tenant!: string;

  @ApiProperty({ example: '2014-08-22' })
  fecha_resolucion!: string;

  @ApiProperty({ example: 0 })
  numero_resolucion!: number;

  @ApiProperty({ example: [620200], type: [Number] })
  actecos!: number[];

  @ApiPropertyOptional({ example: 81234567, nullable: true, type: Number })
  codigo_sucursal!: number | null;

  @ApiProperty({ type: [SucursalDto] })
  sucursales!: SucursalDto[];

  @ApiPropertyOptional({ example: 'dte@empresa.cl', nullable: true, type: String })
  correo_intercambio!: string | null;

  @ApiPropertyOptional({ example: 'Santiago Oriente', nullable: true, type: String })
  oficina_sii!: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'The logo as base64' })
  logo_base64!: string | null;

  @ApiProperty({ example: '2026-11-24T12:00:00.000Z' })
  updated_at!: string;
}
