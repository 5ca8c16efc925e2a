import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../slug';
import { ServiceFieldsDto } from './service-fields.dto';

/** POST /api/v1/services/: a new service always starts in internal (promotion is explicit). */
export class CreateServiceDto extends ServiceFieldsDto {
  @ApiProperty({ example: 'billing', pattern: SLUG_PATTERN.source, maxLength: SLUG_MAX_LENGTH })
  @IsString()
  @Length(2, SLUG_MAX_LENGTH)
  @Matches(SLUG_PATTERN, { message: 'slug must be lowercase letters and digits joined by single hyphens' })
  slug!: string;

  @ApiProperty({ example: 'Billing', maxLength: 120 })
  @IsString()
  @Length(1, 120)
  name!: string;

  @ApiPropertyOptional({ enum: ['internal'], description: 'Only internal is accepted: promotion is explicit.' })
  @IsOptional()
  @IsIn(['internal'], { message: 'a new service starts in internal; promote it with PATCH' })
  marketplace_status?: 'internal';
}
