import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDate,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  PRICING_TIERS,
  TECHNICAL_STATUSES,
  type PricingTier,
  type ServiceMetadata,
  type TechnicalStatus,
} from '../entities/service.entity';
import { IsAbsentOr } from '@lib/schemas';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** Editable fields of a service, shared by create and update (all optional here; `null` clears). */
export class ServiceFieldsDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  tagline?: string | null;

  @ApiPropertyOptional({ maxLength: 5000 })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @ApiPropertyOptional({ type: [String], maxItems: 20 })
  @IsAbsentOr()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @Length(1, 200, { each: true })
  features?: string[];

  @ApiPropertyOptional({ enum: PRICING_TIERS, nullable: true })
  @IsOptional()
  @IsIn(PRICING_TIERS)
  pricing_tier?: PricingTier | null;

  @ApiPropertyOptional({ description: 'Customers can subscribe without a sales contact.' })
  @IsAbsentOr()
  @IsBoolean()
  self_service?: boolean;

  @ApiPropertyOptional({ description: 'Set false to deactivate; a service demoted to internal is inactive until set true again.' })
  @IsAbsentOr()
  @IsBoolean()
  is_active?: boolean;

  @ApiPropertyOptional({ enum: TECHNICAL_STATUSES, description: 'Technical lifecycle (frontmatter status).' })
  @IsAbsentOr()
  @IsIn(TECHNICAL_STATUSES)
  status?: TechnicalStatus;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'Required with status deprecated.' })
  @IsOptional()
  @Type(() => Date)
  @IsDate()
  sunset_at?: Date | null;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  maintainer?: string | null;

  @ApiPropertyOptional({ format: 'uri' })
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  @MaxLength(500)
  repository_url?: string | null;

  @ApiPropertyOptional({ format: 'uri', description: 'Base URL or the /healthz URL probed by the checklist.' })
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  @MaxLength(500)
  health_url?: string | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 65535, description: 'Internal port; unique among services and reserved slots.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  port?: number | null;

  @ApiPropertyOptional({
    type: Object,
    description: 'Merged key by key into the stored metadata (null removes a key); visibility is always marketplace_status.',
    example: { pricing_summary: 'From 10 000 CLP per month', maintainer: 'team-billing' },
  })
  @IsAbsentOr()
  @IsObject()
  metadata?: Partial<ServiceMetadata>;
}
