import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ROLES, requireRole, type Viewer } from '../access/viewer';
import { AnnouncementsService } from '../announcements/announcements.service';
import { ChecklistService } from '../checklist/checklist.service';
import { Clock } from '../clock/clock';
import { DemotionService } from '../demotions/demotion.service';
import { ServiceEntity } from '../services/entities/service.entity';
import type { AuditEntry, PublicAuditView } from './dto/audit.views';

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
    private readonly dataSource: DataSource,
    @InjectRepository(ServiceEntity) private readonly services: Repository<ServiceEntity>,
    private readonly checklist: ChecklistService,
    private readonly demotions: DemotionService,
    private readonly announcements: AnnouncementsService,
    private readonly clock: Clock,
  ) {}

  async run(apply: boolean, viewer: Viewer): Promise<PublicAuditView> {
    requireRole(viewer, [ROLES.superadmin], apply ? 'apply the public audit' : 'run the public audit');
    const now = this.clock.now();
    const publics = await this.services.find({ where: { marketplace_status: 'public' }, order: { slug: 'ASC' } });
    const entries: AuditEntry[] = [];
    for (const service of publics) {
      const evaluation = await this.checklist.evaluate(service, 'public', `audit:${viewer.actor}`);
      const failures = evaluation.failures.map((f) => ({ id: f.id, gate: f.gate, detail: f.detail }));
      const passed = failures.length === 0;
      let action: AuditEntry['action'] = passed ? 'none' : service.grandfathered ? 'grandfathered' : 'would_demote';
      if (action === 'would_demote' && apply) action = (await this.demote(service.id, failures, viewer)) ? 'demoted' : 'none';
      entries.push({ slug: service.slug, grandfathered: service.grandfathered, passed, failures, action });
    }
    if (apply && entries.some((e) => e.action === 'demoted')) {
      const demoted = entries.filter((e) => e.action === 'demoted').map((e) => e.slug);
      await this.announcements.enqueue(this.dataSource.manager, {
        kind: 'audit',
        text: `Public audit ${now.toISOString().slice(0, 10)}: demoted to beta: ${demoted.join(', ')}.`,
        payload: { demoted },
      });
    }
    return { evaluated_at: now.toISOString(), apply, services: entries };
  }

  private async demote(serviceId: string, failures: AuditEntry['failures'], viewer: Viewer): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const service = await manager.findOneOrFail(ServiceEntity, { where: { id: serviceId }, lock: { mode: 'pessimistic_write' } });
      if (service.marketplace_status !== 'public' || service.grandfathered) return false;
      service.audit_badge = AUDIT_BADGE;
      const reason = `public audit: failing ${failures.map((f) => f.id).join(', ')}`;
      await this.demotions.apply(manager, service, 'beta', { kind: 'audit_demotion', actor: viewer.actor, caller: viewer.caller, reason });
      return true;
    });
  }
}
