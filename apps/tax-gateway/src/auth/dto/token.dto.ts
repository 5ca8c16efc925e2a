import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsRut } from '@lib/rut';
import { IsOptional } from 'class-validator';

export class TokenRequestDto {
  @ApiProperty({ example: '76086428-5', description: 'Tenant RUT (normalized to 12345678-K)' })
  @IsRut()
  tenant!: string;
}

export class TokenInvalidateQueryDto {
  @ApiPropertyOptional({ example: '76086428-5', description: 'Only this tenant; all tenants when absent' })
  @IsOptional()
  @IsRut()
  tenant?: string;
}

/** Answer of POST /tax/auth/token. The token itself never leaves the gateway. */
export class TokenView {
  @ApiProperty({ example: '76086428-5' })
  tenant!: string;

  @ApiProperty({ example: 'cert', enum: ['cert', 'prod'], description: 'TAX_ENV the token belongs to' })
  environment!: string;

  @ApiProperty({ example: '2026-01-01T12:18:00.000Z', description: 'When the cached token is dropped (UTC)' })
  expires_at!: string;

  @ApiProperty({ example: false, description: 'true when the token was already cached' })
  cached!: boolean;
}
