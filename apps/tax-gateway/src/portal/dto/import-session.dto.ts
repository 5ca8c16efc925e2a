import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsRut } from '@lib/rut';
import { ArrayOfObjects } from '@lib/schemas';

/** One cookie of the browser's export (RFC 6265 name and value; `expires` in Unix seconds, absent for a session cookie). */
export class ImportedCookieDto {
  @ApiProperty({ example: 'TOKEN' })
  @IsString()
  @MaxLength(128)
  @Matches(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, { message: 'name must be a cookie name (RFC 6265 token)' })
  name!: string;

  @ApiProperty({ example: 'A1B2C3D4E5F6', description: 'Never logged nor returned' })
  @IsString()
  @MaxLength(4096)
  @Matches(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/, { message: 'value must be a cookie value (RFC 6265 cookie-octets)' })
  value!: string;

  @ApiProperty({ example: '.sii.cl', description: "Must match the portal's host (SII_PORTAL_BASE_URL)" })
  @IsString()
  @MaxLength(253)
  @Matches(/^\.?[A-Za-z0-9.-]+$/, { message: 'domain must be a host name' })
  domain!: string;

  @ApiProperty({ example: '/' })
  @IsString()
  @MaxLength(512)
  @Matches(/^\/[\x21-\x3A\x3C-\x7E]*$/, { message: 'path must start with /' })
  path!: string;

  @ApiPropertyOptional({ example: 1795000000, description: 'Unix seconds' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(253402300799)
  expires?: number;
}

export class ImportSessionDto {
  @ApiProperty({ example: '76086428-5', description: 'The taxpayer the certificate holder acts for as mandatary' })
  @IsRut()
  representado_rut!: string;

  @ApiProperty({ type: [ImportedCookieDto] })
  @ArrayOfObjects(() => ImportedCookieDto, { min: 1, max: 50 })
  cookies!: ImportedCookieDto[];
}

/** The state of one imported session; never a cookie value. */
export class ImportedSessionStatusView {
  @ApiProperty({ example: '76086428-5' }) representado_rut!: string;
  @ApiProperty({ example: '2026-11-25T12:00:00.000Z' }) imported_at!: string;
  @ApiProperty({ example: '2026-11-25T14:00:00.000Z', nullable: true, type: String, description: 'Earliest cookie expiry' })
  expires_at!: string | null;
  @ApiProperty({ enum: ['active', 'expired', 'rejected'], description: 'rejected: the portal refused it on its last use' })
  estado!: 'active' | 'expired' | 'rejected';
  @ApiProperty({ nullable: true, type: String }) last_used_at!: string | null;
  @ApiProperty({ nullable: true, type: Boolean, description: 'Whether the portal accepted it on its last use; null before any' })
  last_use_accepted!: boolean | null;
  @ApiProperty({ example: ['TOKEN', 'CSESSIONID'], description: 'Names of the cookies held (never their values)' })
  cookie_names!: string[];
}

export class ImportedSessionListView {
  @ApiProperty({ type: [ImportedSessionStatusView] }) sesiones!: ImportedSessionStatusView[];
}

export class RepresentadoParamDto {
  @ApiProperty({ example: '76086428-5' })
  @IsRut()
  representado_rut!: string;
}
