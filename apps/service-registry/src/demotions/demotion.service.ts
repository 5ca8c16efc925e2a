import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { ProblemException, type MarketplaceStage } from '@lib/schemas';
import { AnnouncementsService } from '../announcements/announcements.service';
import { addDays, Clock } from '../clock/clock';
import { ContractsService } from '../contracts/contracts.service';
import type { DeactivationSummary } from '../contracts/dto/contract.view';
import { HistoryService } from '../services/history.service';
import type { ServiceTransitionEntity, TransitionKind } from '../services/entities/transition.entity';
import { ServiceEntity } from '../services/entities/service.entity';
import { ServiceRegistryConfig } from '../config';
import { appliedText, noticeText } from './demotion-texts';
import { ScheduledDemotionEntity } from './scheduled-demotion.entity';

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
  | { applied: true; transition: ServiceTransitionEntity; deactivation?: DeactivationSummary }
  | { applied: false; scheduled: ScheduledDemotionEntity };

export interface ApplyOptions {
  kind: TransitionKind;
  actor: string;
  caller?: string | null;
  reason: string;
}

/**
 * The demotion rules (docs/service-registry.md "Demotion"): a notice at least 7 days ahead, the reason in
 * the history, 410 during a grace period after leaving beta or public, and, for internal, inactive
 * record and contracts with held credits released - all in the caller's transaction.
 */
@Injectable()
export class DemotionService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ScheduledDemotionEntity) private readonly notices: Repository<ScheduledDemotionEntity>,
    private readonly clock: Clock,
    private readonly history: HistoryService,
    private readonly announcements: AnnouncementsService,
    private readonly contracts: ContractsService,
    private readonly settings: ServiceRegistryConfig,
  ) {}

  /** The notices of a service, newest first. */
  async list(serviceId: string): Promise<ScheduledDemotionEntity[]> {
    return this.notices.find({ where: { service_id: serviceId }, order: { id: 'DESC' } });
  }

  /** Cancels a scheduled notice of the service. 404 for an unknown id, 409 `not_scheduled` when already settled. */
  async cancel(serviceId: string, slug: string, id: string, actor: string): Promise<ScheduledDemotionEntity> {
    if (!/^\d{1,18}$/.test(id)) throw new ProblemException(404, 'not_found', `No demotion ${id} for ${slug}.`);
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(ScheduledDemotionEntity, {
        where: { id, service_id: serviceId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) throw new ProblemException(404, 'not_found', `No demotion ${id} for ${slug}.`);
      if (row.state !== 'scheduled') throw new ProblemException(409, 'not_scheduled', `Demotion ${id} is already ${row.state}.`);
      await this.settle(manager, row, 'cancelled', `cancelled by ${actor}`, this.clock.now());
      return row;
    });
  }

  /**
   * A PATCH to an earlier stage (`service` locked by the caller's transaction): forced -> applied now;
   * a notice for the same stage announced at least 7 days ago -> applied now; a younger one -> that
   * notice again; none -> a new notice announced now, effective in 7 days (a pending notice for another
   * stage is cancelled as superseded).
   */
  async request(manager: EntityManager, service: ServiceEntity, req: DemotionRequest): Promise<DemotionOutcome> {
    const now = this.clock.now();
    const pending = await manager.findOne(ScheduledDemotionEntity, {
      where: { service_id: service.id, state: 'scheduled' },
      lock: { mode: 'pessimistic_write' },
    });
    if (req.force) {
      if (pending) await this.settle(manager, pending, 'cancelled', `superseded by a forced demotion to ${req.to}`, now);
      return this.apply(manager, service, req.to, { kind: 'forced_demotion', actor: req.actor, caller: req.caller, reason: req.reason });
    }
    if (pending && pending.to_stage === req.to) {
      if (addDays(pending.announced_at, NOTICE_DAYS).getTime() <= now.getTime()) {
        await this.settle(manager, pending, 'applied', `applied by ${req.actor}`, now);
        return this.apply(manager, service, req.to, { kind: 'demotion', actor: req.actor, caller: req.caller, reason: req.reason });
      }
      return { applied: false, scheduled: pending };
    }
    if (pending) await this.settle(manager, pending, 'cancelled', `superseded by a notice to ${req.to}`, now);
    const scheduled = await manager.save(
      manager.create(ScheduledDemotionEntity, {
        service_id: service.id,
        slug: service.slug,
        from_stage: service.marketplace_status,
        to_stage: req.to,
        reason: req.reason,
        requested_by: req.actor,
        announced_at: now,
        effective_at: addDays(now, NOTICE_DAYS),
        state: 'scheduled',
      }),
    );
    await this.announcements.enqueue(manager, {
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

  /** Applies a demotion now (`service` locked by the caller's transaction) and announces it. */
  async apply(
    manager: EntityManager,
    service: ServiceEntity,
    to: MarketplaceStage,
    opts: ApplyOptions,
  ): Promise<DemotionOutcome & { applied: true }> {
    const now = this.clock.now();
    const from = service.marketplace_status;
    const transition = await this.history.record(manager, {
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
    let deactivation: DeactivationSummary | undefined;
    if (to === 'internal') {
      service.is_active = false;
      deactivation = await this.contracts.deactivateForService(manager, service.id, `demoted to internal: ${opts.reason}`, opts.actor, now);
    }
    await manager.save(ServiceEntity, service);
    await this.announcements.enqueue(manager, {
      kind: 'demotion_applied',
      slug: service.slug,
      text: appliedText(service.name, service.slug, from, to, opts.kind, opts.reason),
      payload: { transition_id: String(transition.id), from, to, kind: opts.kind, ...(deactivation ? { deactivation } : {}) },
    });
    return { applied: true, transition, deactivation };
  }

  /**
   * For a service already internal: the demotion-to-internal consequences without a transition
   * (is_active false, contracts inactive, held credits released). Used by the operator command and
   * the sunset of an internal service.
   */
  async deactivateInternal(
    manager: EntityManager,
    service: ServiceEntity,
    opts: { actor: string; reason: string },
  ): Promise<DeactivationSummary> {
    const now = this.clock.now();
    service.is_active = false;
    service.updated_at = now;
    await manager.save(ServiceEntity, service);
    return this.contracts.deactivateForService(manager, service.id, `internal service deactivated: ${opts.reason}`, opts.actor, now);
  }

  async settle(manager: EntityManager, d: ScheduledDemotionEntity, state: 'applied' | 'cancelled', note: string, now: Date): Promise<void> {
    await manager.update(ScheduledDemotionEntity, { id: d.id }, { state, settled_at: now, settled_note: note });
    d.state = state;
    d.settled_at = now;
    d.settled_note = note;
  }
}
