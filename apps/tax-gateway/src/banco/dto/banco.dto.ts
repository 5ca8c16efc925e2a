import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { IsRut } from '@lib/rut';
import { IsAbsentOr, IsFecha } from '@lib/schemas';
import { PaginaQueryDto } from '@lib/schemas';

/** Years PostgreSQL and the bank agree on for a date filter (year 0000 is a calendar date to JavaScript, not to PostgreSQL). */
const YEAR_1900_2099 = /^(19|20)\d{2}-/;

/** POST /banco/refresh: a tenant and an optional range of calendar dates (America/Santiago). */
export class RefreshBodyDto {
  @ApiProperty({ example: '76086428-5', description: 'Tenant RUT; must have a bank link (PUT /banco/links/{tenant})' })
  @IsRut()
  tenant!: string;

  @ApiPropertyOptional({ example: '2026-02-14', description: 'First day, YYYY-MM-DD (America/Santiago); 29 days before hasta when absent' })
  @IsAbsentOr()
  @IsFecha()
  desde?: string;

  @ApiPropertyOptional({
    example: '2026-03-15',
    description: 'Last day, YYYY-MM-DD (America/Santiago), not after today; today when absent',
  })
  @IsAbsentOr()
  @IsFecha()
  hasta?: string;
}

export class RefreshView {
  @ApiProperty({ example: '76086428-5' })
  tenant!: string;

  @ApiProperty({ example: '2026-02-14', description: 'YYYY-MM-DD (America/Santiago)' })
  desde!: string;

  @ApiProperty({ example: '2026-03-15', description: 'YYYY-MM-DD (America/Santiago)' })
  hasta!: string;

  @ApiProperty({ example: 2, description: 'CLP accounts read' })
  cuentas!: number;

  @ApiProperty({ example: 12, description: 'Movements stored now for the first time' })
  nuevos!: number;

  @ApiProperty({ example: 40, description: 'Movements the provider listed that were already stored' })
  conocidos!: number;

  @ApiProperty({ example: '2026-03-15T15:00:00.000Z', description: 'When the movements were stored (UTC)' })
  refreshed_at!: string;
}

export class MovimientosQueryDto extends PaginaQueryDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;

  @ApiPropertyOptional({ example: '2026-03-01', description: 'post_date from, YYYY-MM-DD' })
  @IsOptional()
  @IsFecha()
  @Matches(YEAR_1900_2099, { message: 'desde must be in the years 1900 to 2099' })
  desde?: string;

  @ApiPropertyOptional({ example: '2026-03-31', description: 'post_date up to, YYYY-MM-DD' })
  @IsOptional()
  @IsFecha()
  @Matches(YEAR_1900_2099, { message: 'hasta must be in the years 1900 to 2099' })
  hasta?: string;

  @ApiPropertyOptional({ example: 'acc_3f9a0c1d2e4b5a6978c0d1e2', description: "The provider's account id" })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_.-]{1,128}$/, { message: 'cuenta must be an account id (letters, digits, _ - ., up to 128)' })
  cuenta?: string;

  @ApiPropertyOptional({ example: 'transfer', description: "The provider's kind of movement (transfer, check, other...)" })
  @IsOptional()
  @Matches(/^[a-z_]{1,32}$/, { message: 'tipo must be lower-case letters or _ (up to 32)' })
  tipo?: string;
}

export class ProveedorHealthView {
  @ApiProperty({ example: true })
  reachable!: boolean;

  @ApiProperty({ example: 84, description: 'Duration of the probe, ms' })
  latency_ms!: number;

  @ApiPropertyOptional({ example: 'no answer within 3000 ms' })
  error?: string;
}

export class TenantHealthView {
  @ApiProperty({ example: '76086428-5' })
  tenant!: string;

  @ApiProperty({ example: true, description: 'Has a bank link (PUT /banco/links/{tenant})' })
  vinculado!: boolean;

  @ApiProperty({ example: '2026-03-15T15:00:00.000Z', nullable: true, type: String })
  last_refresh_at!: string | null;

  @ApiProperty({
    example: 'ok',
    nullable: true,
    type: String,
    description: '`ok` or the error value of the last refresh that reached the provider',
  })
  last_outcome!: string | null;

  @ApiPropertyOptional({ example: 'The bank provider is not available (accounts): HTTP 503' })
  last_error?: string;

  @ApiProperty({ example: 57, description: 'Movements stored' })
  movimientos!: number;
}

export class BancoHealthView {
  @ApiProperty({ type: ProveedorHealthView })
  provider!: ProveedorHealthView;

  @ApiProperty({ type: [TenantHealthView] })
  tenants!: TenantHealthView[];
}

/** `{tenant}` of the bank link routes. */
export class BancoTenantParamDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  tenant!: string;
}

/** PUT /banco/links/{tenant}: the link token the aggregator gave when the tenant connected its bank. */
export class BancoLinkBodyDto {
  @ApiProperty({ example: 'link_4xGz8n_token_9Zq2', description: 'A-Z a-z 0-9 _ - . (at most 200); stored encrypted, never answered' })
  @IsString()
  @Matches(/^[A-Za-z0-9_.-]{8,200}$/, { message: 'link_token must be 8-200 characters of A-Z a-z 0-9 _ - .' })
  link_token!: string;
}

export class BancoLinkView {
  @ApiProperty({ example: '76086428-5' }) tenant!: string;
  @ApiProperty({ example: '9Zq2', description: "The token's last four characters" }) link_sufijo!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
  @ApiProperty({ example: 'admin' }) updated_by!: string;
}

export class BancoLinksView {
  @ApiProperty({ type: [BancoLinkView] }) items!: BancoLinkView[];
}
