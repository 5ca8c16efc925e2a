import { ApiProperty } from '@nestjs/swagger';
import { MARKETPLACE_STAGES } from '@lib/schemas';
import { isoOrNull } from '../clock/clock';
import type { ScheduledDemotionEntity } from './scheduled-demotion.entity';

/** An announced demotion: scheduled 7 days ahead, then applied or cancelled. */
export class DemotionView {
  @ApiProperty({ example: '7' }) id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ enum: MARKETPLACE_STAGES }) from!: string;
  @ApiProperty({ enum: MARKETPLACE_STAGES }) to!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ example: 'user:sa-1' }) requested_by!: string;
  @ApiProperty({ format: 'date-time' }) announced_at!: string;
  @ApiProperty({ format: 'date-time' }) effective_at!: string;
  @ApiProperty({ enum: ['scheduled', 'applied', 'cancelled'] }) state!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) settled_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) settled_note!: string | null;
}

/** `GET /api/v1/services/{slug}/demotions`. */
export class DemotionListView {
  @ApiProperty() slug!: string;
  @ApiProperty({ type: [DemotionView] }) items!: DemotionView[];
}

export function toDemotionView(d: ScheduledDemotionEntity): DemotionView {
  return {
    id: String(d.id),
    slug: d.slug,
    from: d.from_stage,
    to: d.to_stage,
    reason: d.reason,
    requested_by: d.requested_by,
    announced_at: new Date(d.announced_at).toISOString(),
    effective_at: new Date(d.effective_at).toISOString(),
    state: d.state,
    settled_at: isoOrNull(d.settled_at),
    settled_note: d.settled_note,
  };
}
