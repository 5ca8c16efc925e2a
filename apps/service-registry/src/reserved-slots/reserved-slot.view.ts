import { ApiProperty } from '@nestjs/swagger';
import type { ReservedSlotEntity } from './reserved-slot.entity';

/** A slot reserved for a future product. */
export class ReservedSlotView {
  @ApiProperty({ example: 'future-product' }) slug!: string;
  @ApiProperty({ example: 8290 }) port!: number;
  @ApiProperty({ example: '/products/future-product' }) canonical_path!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { 'color.primary': '#0b5fff' } }) brand_tokens!: Record<
    string,
    unknown
  >;
  @ApiProperty({ example: 'user:admin-1' }) reserved_by!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** `GET /api/v1/reserved-slots`. */
export class ReservedSlotListView {
  @ApiProperty({ type: [ReservedSlotView] }) items!: ReservedSlotView[];
}

export function toReservedSlotView(s: ReservedSlotEntity): ReservedSlotView {
  return {
    slug: s.slug,
    port: s.port,
    canonical_path: s.canonical_path,
    brand_tokens: s.brand_tokens,
    reserved_by: s.reserved_by,
    created_at: new Date(s.created_at).toISOString(),
  };
}
