import { Injectable } from '@nestjs/common';
import { ProblemException, type MarketplaceStage } from '@lib/schemas';
import { AnnouncementsService } from '../announcements/announcements.service';
import { addDays, Clock } from '../clock/clock';
import { ServiceRegistryConfig } from '../config';
import { ContractsService } from '../contracts/contracts.service';
import type { DeactivationView } from '../contracts/dto/contract.view';
import type { Tx } from '../database/tx';
import type { ServiceEntity } from '../services/entities/service.entity';
import type { ServiceTransitionEntity, TransitionKind } from '../services/entities/transition.entity';
import { HistoryService } from '../services/history.service';
import { ServicesStore } from '../services/services.store';
import { appliedText, noticeText } from './demotion-texts';
import { DemotionsStore } from './demotions.store';
import type { ScheduledDemotionEntity } from './scheduled-demotion.entity';

/** Notice required before a demotion, in days (docs/service-registry.md "Demotion"). */
export const NOTICE_DAYS = 7;

export interface DemotionRequest {
  to: MarketplaceStage;
  reason: string;
  force: boolean;
  actor: string;
  caller?: string | null;
}

export type DemotionOutcome =
  | { applied: true; transition: ServiceTransitionEntity; deactivation?: DeactivationView }
  | { applied: false; scheduled: ScheduledDemotionEntity };

export interface ApplyOptions {
  kind: TransitionKind;
  actor: string;
  caller?: string | null;
  reason: string;
}

/** The demotion rules (docs/service-registry.md "Demotion"), applied in the caller's transaction. */
@Injectable()
export class DemotionService {
  constructor(
    private readonly store: DemotionsStore,
    private readonly services: ServicesStore,
    private readonly clock: Clock,
    private readonly history: HistoryService,
    private readonly announcements: AnnouncementsService,
    private readonly contracts: ContractsService,
    private readonly settings: ServiceRegistryConfig,
  ) {}

  async list(serviceId: string): Promise<ScheduledDemotionEntity[]> {
    return this.store.listNotices(serviceId);
  }

  async cancel(serviceId: string, slug: string, id: string, actor: string): Promise<ScheduledDemotionEntity> {
    if (!/^\d{1,18}$/.test(id)) throw new ProblemException(404, 'not_found', `No demotion ${id} for ${slug}.`);
    return this.store.transaction(async (tx) => {
      const row = await this.store.lock(tx, { id, service_id: serviceId });
      if (!row) throw new ProblemException(404, 'not_found', `No demotion ${id} for ${slug}.`);
      if (row.state !== 'scheduled') throw new ProblemException(409, 'not_scheduled', `Demotion ${id} is already ${row.state}.`);
      await this.settle(tx, row, 'cancelled', `cancelled by ${actor}`, this.clock.now());
      return row;
    });
  }

  /**
   * A PATCH to an earlier stage (`service` locked by the caller): forced, or a notice for that stage at
   * least 7 days old -> applied now; a younger one -> that notice; none -> a new notice (one for another
   * stage is cancelled as superseded).
   */
  async request(tx: Tx, service: ServiceEntity, req: DemotionRequest): Promise<DemotionOutcome> {
    const now = this.clock.now();
    const pending = await this.store.lock(tx, { service_id: service.id, state: 'scheduled' });
    if (req.force) {
      if (pending) await this.settle(tx, pending, 'cancelled', `superseded by a forced demotion to ${req.to}`, now);
      return this.apply(tx, service, req.to, { kind: 'forced_demotion', actor: req.actor, caller: req.caller, reason: req.reason });
    }
    if (pending && pending.to_stage === req.to) {
      if (addDays(pending.announced_at, NOTICE_DAYS).getTime() <= now.getTime()) {
        await this.settle(tx, pending, 'applied', `applied by ${req.actor}`, now);
        return this.apply(tx, service, req.to, { kind: 'demotion', actor: req.actor, caller: req.caller, reason: req.reason });
      }
      return { applied: false, scheduled: pending };
    }
    if (pending) await this.settle(tx, pending, 'cancelled', `superseded by a notice to ${req.to}`, now);
    const scheduled = await this.store.insert(tx, {
      service_id: service.id,
      slug: service.slug,
      from_stage: service.marketplace_status,
      to_stage: req.to,
      reason: req.reason,
      requested_by: req.actor,
      announced_at: now,
      effective_at: addDays(now, NOTICE_DAYS),
      state: 'scheduled',
    });
    await this.announcements.enqueue(tx, {
      kind: 'demotion_notice',
      slug: service.slug,
      text: noticeText(service.name, service.slug, service.marketplace_status, req.to, scheduled.effective_at, req.reason),
      payload: {
        scheduled_demotion_id: String(scheduled.id),
        from: service.marketplace_status,
        to: req.to,
        effective_at: scheduled.effective_at.toISOString(),
      },
    });
    return { applied: false, scheduled };
  }

  /** `service` is locked by the caller. */
  async apply(tx: Tx, service: ServiceEntity, to: MarketplaceStage, opts: ApplyOptions): Promise<DemotionOutcome & { applied: true }> {
    const now = this.clock.now();
    const from = service.marketplace_status;
    const transition = await this.history.record(tx, {
      serviceId: service.id,
      slug: service.slug,
      from,
      to,
      kind: opts.kind,
      actor: opts.actor,
      caller: opts.caller,
      reason: opts.reason,
      at: now,
    });
    service.marketplace_status = to;
    service.metadata = { ...(service.metadata ?? {}), visibility: to };
    service.stage_entered_at = now;
    service.updated_at = now;
    if (from === 'beta' || from === 'public') {
      service.gone_until = addDays(now, this.settings.DEMOTION_GRACE_DAYS);
      service.gone_transition_id = String(transition.id);
    }
    let deactivation: DeactivationView | undefined;
    if (to === 'internal') {
      service.is_active = false;
      deactivation = await this.contracts.deactivateForService(tx, service.id, `demoted to internal: ${opts.reason}`, opts.actor, now);
    }
    await this.services.save(tx, service);
    await this.announcements.enqueue(tx, {
      kind: 'demotion_applied',
      slug: service.slug,
      text: appliedText(service.name, service.slug, from, to, opts.kind, opts.reason),
      payload: { transition_id: String(transition.id), from, to, kind: opts.kind, ...(deactivation ? { deactivation } : {}) },
    });
    return { applied: true, transition, deactivation };
  }

  /** For a service already internal: the consequences of a demotion to internal, without a transition. */
  async deactivateInternal(tx: Tx, service: ServiceEntity, opts: { actor: string; reason: string }): Promise<DeactivationView> {
    const now = this.clock.now();
    service.is_active = false;
    service.updated_at = now;
    await this.services.save(tx, service);
    return this.contracts.deactivateForService(tx, service.id, `internal service deactivated: ${opts.reason}`, opts.actor, now);
  }

  async settle(tx: Tx, d: ScheduledDemotionEntity, state: 'applied' | 'cancelled', note: string, now: Date): Promise<void> {
    await this.store.settle(tx, d.id, { state, settled_at: now, settled_note: note });
    d.state = state;
    d.settled_at = now;
    d.settled_note = note;
  }
}
