import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsObject, IsString, Length, Matches, Max, Min } from 'class-validator';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../services/slug';
import { PLATFORM_PORT_MAX, PLATFORM_PORT_MIN } from './slot-rules';

/** Body of POST /api/v1/reserved-slots (docs/service-registry.md "Reserved slots"). */
export class CreateReservedSlotDto {
  @ApiProperty({ example: 'future-product', pattern: SLUG_PATTERN.source })
  @IsString()
  @Length(2, SLUG_MAX_LENGTH)
  @Matches(SLUG_PATTERN, { message: 'slug must be lowercase letters and digits joined by single hyphens' })
  slug!: string;

  @ApiProperty({ example: 8290, minimum: PLATFORM_PORT_MIN, maximum: PLATFORM_PORT_MAX })
  @IsInt()
  @Min(PLATFORM_PORT_MIN, { message: `port must be in the platform range ${PLATFORM_PORT_MIN}-${PLATFORM_PORT_MAX}` })
  @Max(PLATFORM_PORT_MAX, { message: `port must be in the platform range ${PLATFORM_PORT_MIN}-${PLATFORM_PORT_MAX}` })
  port!: number;

  @ApiProperty({ example: '/products/future-product' })
  @IsString()
  @Length(1, 200)
  @Matches(/^\//, { message: 'canonical_path must start with /' })
  canonical_path!: string;

  @ApiProperty({ type: Object, example: { 'color.primary': '#0b5fff', logo: 'brands/future-product/logo.svg' } })
  @IsObject()
  brand_tokens!: Record<string, unknown>;
}
