import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsRut } from '@lib/rut';
import { IsOptional } from 'class-validator';

/** `?tenant=` (required) and `?rut=` (optional, defaults to the tenant). */
export class TenantRutQueryDto {
  @ApiProperty({ example: '76086428-5', description: 'Tenant RUT whose SII session is used' })
  @IsRut()
  tenant!: string;

  @ApiPropertyOptional({ example: '76086428-5', description: 'RUT to look up; the tenant itself when absent' })
  @IsOptional()
  @IsRut()
  rut?: string;
}

export class RutParamDto {
  @ApiProperty({ example: '76086428-5', description: 'RUT to look up (any notation; modulo 11 checked)' })
  @IsRut()
  rut!: string;
}

/** Optional `?tenant=` (defaults to the looked-up RUT). */
export class OptionalTenantQueryDto {
  @ApiPropertyOptional({ example: '76086428-5', description: 'Tenant whose SII session is used; the RUT itself when absent' })
  @IsOptional()
  @IsRut()
  tenant?: string;
}

export class CacheClearQueryDto {
  @ApiPropertyOptional({ example: '76086428-5', description: 'Only this RUT; the whole cache when absent' })
  @IsOptional()
  @IsRut()
  rut?: string;
}

export class GiroView {
  @ApiProperty({ example: '620200', description: 'SII activity code (CIIU4.CL)' })
  codigo!: string;

  @ApiProperty({ example: 'ACTIVIDADES DE CONSULTORIA DE INFORMATICA' })
  descripcion!: string;
}

export class RepresentanteView {
  @ApiProperty({ example: '12345678-5' })
  rut!: string;

  @ApiProperty({ example: 'María González Rojas' })
  nombre!: string;
}

export class TaxpayerBaseView {
  @ApiProperty({ example: '76086428-5', description: 'Normalized RUT (no dots, hyphen, upper-case K)' })
  rut!: string;

  @ApiProperty({ example: '2026-01-01T12:00:00.000Z', description: 'When the data was read from the SII (UTC)' })
  fetched_at!: string;

  @ApiProperty({ example: true, description: 'true when served from the 24 h cache' })
  cached!: boolean;
}

/** The taxpayer's authorization to issue DTEs, from the SII's list of DTE-authorized taxpayers. */
export class AutorizacionDteView {
  @ApiProperty({ example: 80, description: 'NroResol (0 in certification)' })
  numero_resolucion!: number;

  @ApiPropertyOptional({ example: '2014-08-22', nullable: true, type: String, description: 'FchResol' })
  fecha_resolucion!: string | null;

  @ApiPropertyOptional({ example: 'dte@empresa.cl', nullable: true, type: String, description: 'Intercambio address' })
  correo_intercambio!: string | null;
}

/** Canonical taxpayer data: the platform's only source of a legal name. */
export class ContribuyenteView extends TaxpayerBaseView {
  @ApiProperty({ example: 'Servicios Andes Maipo SpA', description: 'Official legal name' })
  razon_social!: string;

  @ApiProperty({
    enum: ['carpeta_tributaria', 'contribuyentes_autorizados'],
    description:
      "Where it came from: the tenant's own carpeta tributaria (complete), or the SII's list of DTE-authorized taxpayers (a third party: name and authorization only)",
  })
  fuente!: 'carpeta_tributaria' | 'contribuyentes_autorizados';

  @ApiPropertyOptional({
    example: 'AV PROVIDENCIA 1234',
    nullable: true,
    type: String,
    description: 'null when the source does not show it',
  })
  direccion!: string | null;

  @ApiPropertyOptional({ example: 'PROVIDENCIA', nullable: true, type: String })
  comuna!: string | null;

  @ApiProperty({ type: [GiroView] })
  giros!: GiroView[];

  @ApiProperty({ type: [RepresentanteView] })
  representantes!: RepresentanteView[];

  @ApiProperty({ example: 'vigente', description: "Tax status: the carpeta's observation, `vigente`, or `autorizado_dte` (a third party)" })
  estado!: string;

  @ApiPropertyOptional({ example: '2010-03-15', description: 'Start of activities' })
  inicio_actividades?: string;

  @ApiPropertyOptional({ type: AutorizacionDteView, nullable: true, description: "null when the SII's list does not have the RUT" })
  autorizacion_dte!: AutorizacionDteView | null;
}

/** `GET /tax/contribuyente/autorizados` and the answer of its refresh: the stored list of DTE-authorized taxpayers. */
export class AutorizadosEstadoView {
  @ApiProperty({ example: 'cert', enum: ['cert', 'prod'] })
  ambiente!: string;

  @ApiPropertyOptional({ example: '2026-11-26T06:00:00.000Z', nullable: true, type: String, description: 'null before the first download' })
  descargado_en!: string | null;

  @ApiProperty({ example: 1740000 })
  filas!: number;
}

export class EstadoView extends TaxpayerBaseView {
  @ApiProperty({ example: 'vigente' })
  estado!: string;
}

export class GirosView extends TaxpayerBaseView {
  @ApiProperty({ type: [GiroView] })
  giros!: GiroView[];
}

export class RepresentantesView extends TaxpayerBaseView {
  @ApiProperty({ type: [RepresentanteView] })
  representantes!: RepresentanteView[];
}
