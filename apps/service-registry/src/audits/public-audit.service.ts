import { Injectable } from '@nestjs/common';
import { ROLES, requireRole, type Viewer } from '../access/viewer';
import { AnnouncementsService } from '../announcements/announcements.service';
import { ChecklistService } from '../checklist/checklist.service';
import { Clock } from '../clock/clock';
import { DemotionService } from '../demotions/demotion.service';
import { ServicesStore } from '../services/services.store';
import type { AuditEntryView, PublicAuditView } from './dto/audit.views';

/** Badge left on a service demoted by the public audit. */
export const AUDIT_BADGE = 'audit_failed';

/**
 * The cutoff rule (docs/service-registry.md "beta -> public"): evaluates every public service against the full beta -> public checklist; with
 * `apply`, failing services that are not grandfathered go to beta at once with an audit badge
 * (a manual audit is its own notice; the demotion is announced and recorded as audit_demotion).
 */
@Injectable()
export class PublicAuditService {
  constructor(
    private readonly services: ServicesStore,
    private readonly checklist: ChecklistService,
    private readonly demotions: DemotionService,
    private readonly announcements: AnnouncementsService,
    private readonly clock: Clock,
  ) {}

  async run(apply: boolean, viewer: Viewer): Promise<PublicAuditView> {
    requireRole(viewer, [ROLES.superadmin], apply ? 'apply the public audit' : 'run the public audit');
    const now = this.clock.now();
    const publics = await this.services.listByStages(['public'], 'slug');
    const entries: AuditEntryView[] = [];
    for (const service of publics) {
      const evaluation = await this.checklist.evaluate(service, 'public', `audit:${viewer.actor}`);
      const failures = evaluation.failures.map((f) => ({ id: f.id, gate: f.gate, detail: f.detail }));
      const passed = failures.length === 0;
      let action: AuditEntryView['action'] = passed ? 'none' : service.grandfathered ? 'grandfathered' : 'would_demote';
      if (action === 'would_demote' && apply) action = (await this.demote(service.id, failures, viewer)) ? 'demoted' : 'none';
      entries.push({ slug: service.slug, grandfathered: service.grandfathered, passed, failures, action });
    }
    if (apply && entries.some((e) => e.action === 'demoted')) {
      const demoted = entries.filter((e) => e.action === 'demoted').map((e) => e.slug);
      await this.announcements.enqueue(undefined, {
        kind: 'audit',
        text: `Public audit ${now.toISOString().slice(0, 10)}: demoted to beta: ${demoted.join(', ')}.`,
        payload: { demoted },
      });
    }
    return { evaluated_at: now.toISOString(), apply, services: entries };
  }

  private async demote(serviceId: string, failures: AuditEntryView['failures'], viewer: Viewer): Promise<boolean> {
    return this.services.transaction(async (tx) => {
      const service = await this.services.lockById(tx, serviceId);
      if (service.marketplace_status !== 'public' || service.grandfathered) return false;
      service.audit_badge = AUDIT_BADGE;
      const reason = `public audit: failing ${failures.map((f) => f.id).join(', ')}`;
      await this.demotions.apply(tx, service, 'beta', { kind: 'audit_demotion', actor: viewer.actor, caller: viewer.caller, reason });
      return true;
    });
  }
}
