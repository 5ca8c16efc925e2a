import type { ScheduledDemotionEntity } from './scheduled-demotion.entity';

export interface DemotionView {
  id: string;
  slug: string;
  from: string;
  to: string;
  reason: string;
  requested_by: string;
  announced_at: string;
  effective_at: string;
  state: string;
  settled_at: string | null;
  settled_note: string | null;
}

export function toDemotionView(d: ScheduledDemotionEntity): DemotionView {
  return {
    id: String(d.id), slug: d.slug, from: d.from_stage, to: d.to_stage, reason: d.reason, requested_by: d.requested_by,
    announced_at: new Date(d.announced_at).toISOString(), effective_at: new Date(d.effective_at).toISOString(), state: d.state,
    settled_at: d.settled_at ? new Date(d.settled_at).toISOString() : null, settled_note: d.settled_note,
  };
}
