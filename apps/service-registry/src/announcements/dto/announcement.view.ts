import { ApiProperty } from '@nestjs/swagger';
import { ANNOUNCEMENT_STATES } from '../announcement.entity';

/** An announcement of the outbox with its delivery state. */
export class AnnouncementView {
  @ApiProperty({ example: '5' }) id!: string;
  @ApiProperty({ example: 'demotion_notice' }) kind!: string;
  @ApiProperty({ type: String, nullable: true }) slug!: string | null;
  @ApiProperty({ description: 'Slack-compatible message text' }) text!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload!: Record<string, unknown>;
  @ApiProperty({ enum: ANNOUNCEMENT_STATES }) state!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: String, nullable: true }) last_error!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) delivered_at!: string | null;
}

/** `GET /api/v1/announcements`. */
export class AnnouncementListView {
  @ApiProperty({ type: [AnnouncementView] }) items!: AnnouncementView[];
}
