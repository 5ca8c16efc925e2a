import { Injectable } from '@nestjs/common';
import { ProblemException, type MarketplaceStage } from '@lib/schemas';
import { ROLES, requireRole, type Viewer } from '../access/viewer';
import { AnnouncementsService } from '../announcements/announcements.service';
import { addDays, Clock } from '../clock/clock';
import type { Tx } from '../database/tx';
import { DemotionService, NOTICE_DAYS, type DemotionOutcome } from '../demotions/demotion.service';
import { ReservedSlotsService } from '../reserved-slots/reserved-slots.service';
import { applyFields } from '../services/apply-fields';
import type { UpdateServiceDto } from '../services/dto/update-service.dto';
import { ServiceEntity } from '../services/entities/service.entity';
import { sunsetDate } from '../services/service.view';
import { HistoryService } from '../services/history.service';
import { ServicesService } from '../services/services.service';
import { ServicesStore } from '../services/services.store';
import { PromotionGates } from './promotion-gates';
import { classifyTransition, fullPublicChecklistApplies, nextStage, type TransitionKind } from './transitions';

export interface PatchOutcome {
  service: ServiceEntity;
  demotion?: DemotionOutcome;
}

const CONTROL_KEYS = new Set(['marketplace_status', 'reason', 'force', 'version']);

/** Field edits and a stage change saved in one transaction, with optimistic locking on `version`. */
@Injectable()
export class LifecycleService {
  constructor(
    private readonly store: ServicesStore,
    private readonly services: ServicesService,
    private readonly slots: ReservedSlotsService,
    private readonly gates: PromotionGates,
    private readonly demotions: DemotionService,
    private readonly history: HistoryService,
    private readonly announcements: AnnouncementsService,
    private readonly clock: Clock,
  ) {}

  async patch(slug: string, dto: UpdateServiceDto, viewer: Viewer): Promise<PatchOutcome> {
    const current = await this.services.findVisible(slug, viewer);
    const target = dto.marketplace_status;
    const kind: TransitionKind = target ? classifyTransition(current.marketplace_status, target) : 'none';
    if (kind === 'skip') {
      throw new ProblemException(
        409,
        'stage_skipped',
        `${slug} is ${current.marketplace_status}; it can move forward only to ${nextStage(current.marketplace_status)}, not to ${target}.`,
        { from: current.marketplace_status, to: target, allowed_next: nextStage(current.marketplace_status) },
      );
    }
    const fieldChange = Object.keys(dto).some((k) => !CONTROL_KEYS.has(k) && (dto as Record<string, unknown>)[k] !== undefined);
    this.authorize(kind, target, fieldChange, viewer);
    this.checkControls(kind, dto);
    if (dto.version !== undefined && dto.version !== current.version) throw versionConflict(slug, current.version);

    const draft = this.copyService(current);
    const changed = applyFields(draft, dto);
    this.checkSunsetNotice(draft, changed);
    if (kind === 'promotion') await this.gates.check(draft, target as MarketplaceStage, viewer.actor);

    return this.store.transaction(async (tx) => {
      const locked = await this.store.lockById(tx, current.id);
      if (locked.version !== current.version) throw versionConflict(slug, locked.version);
      applyFields(locked, dto);
      if (changed.includes('port') && locked.port != null) {
        await this.slots.lockNamespace(tx);
        await this.slots.assertPortFree(tx, locked.port, locked.id);
      }
      const now = this.clock.now();
      if (changed.length > 0) locked.updated_at = now;
      if (kind === 'promotion') await this.promote(tx, locked, target as MarketplaceStage, viewer, dto.reason, now);
      if (changed.includes('status') || changed.includes('sunset_at')) await this.announceDeprecation(tx, locked);
      const saved = await this.store.save(tx, locked);
      if (kind !== 'demotion') return { service: saved };
      const demotion = await this.demotions.request(tx, saved, {
        to: target as MarketplaceStage,
        reason: dto.reason as string,
        force: dto.force === true,
        actor: viewer.actor,
        caller: viewer.caller,
      });
      return { service: saved, demotion };
    });
  }

  /** Admin or superadmin for edits and internal -> preview; superadmin for the rest (docs/service-registry.md "Roles matrix"). */
  private authorize(kind: TransitionKind, target: MarketplaceStage | undefined, fieldChange: boolean, viewer: Viewer): void {
    if (kind === 'promotion' && target === 'preview')
      requireRole(viewer, [ROLES.admin, ROLES.superadmin], 'promote a service from internal to preview');
    else if (kind === 'promotion') requireRole(viewer, [ROLES.superadmin], `promote a service to ${target}`);
    else if (kind === 'demotion') requireRole(viewer, [ROLES.superadmin], 'demote a service');
    if (fieldChange || kind === 'none') requireRole(viewer, [ROLES.admin, ROLES.superadmin], 'edit a service');
  }

  private checkControls(kind: TransitionKind, dto: UpdateServiceDto): void {
    if (kind === 'demotion' && !dto.reason) {
      throw new ProblemException(400, 'validation_failed', 'A demotion needs a reason (it goes to the service changelog).', {
        errors: [{ field: 'reason', message: 'reason is required when marketplace_status moves to an earlier stage' }],
      });
    }
    if (dto.force && kind !== 'demotion') {
      throw new ProblemException(400, 'validation_failed', 'force applies only to a demotion.', {
        errors: [{ field: 'force', message: 'force is only accepted with an earlier marketplace_status' }],
      });
    }
  }

  /** The sunset of a beta or public service is announced 7 days ahead (docs/service-registry.md "Deprecation and sunset"). */
  private checkSunsetNotice(draft: ServiceEntity, changed: string[]): void {
    if (draft.status !== 'deprecated' || !draft.sunset_at) return;
    if (!changed.includes('status') && !changed.includes('sunset_at')) return;
    if (draft.marketplace_status !== 'beta' && draft.marketplace_status !== 'public') return;
    const earliest = addDays(this.clock.now(), NOTICE_DAYS);
    if (draft.sunset_at.getTime() < earliest.getTime()) {
      throw new ProblemException(
        422,
        'notice_too_short',
        `The sunset of a ${draft.marketplace_status} service is announced at least ${NOTICE_DAYS} days ahead: choose ${earliest.toISOString()} or later.`,
        { earliest_sunset_at: earliest.toISOString() },
      );
    }
  }

  private async promote(
    tx: Tx,
    s: ServiceEntity,
    target: MarketplaceStage,
    viewer: Viewer,
    reason: string | undefined,
    now: Date,
  ): Promise<void> {
    const from = s.marketplace_status;
    s.marketplace_status = target;
    s.metadata = { ...(s.metadata ?? {}), visibility: target };
    s.stage_entered_at = now;
    s.updated_at = now;
    s.gone_until = null;
    s.gone_transition_id = null;
    if (target === 'public') {
      s.public_since = now;
      s.grandfathered = !fullPublicChecklistApplies(now);
      s.audit_badge = null;
    }
    await this.history.record(tx, {
      serviceId: s.id,
      slug: s.slug,
      from,
      to: target,
      kind: 'promotion',
      actor: viewer.actor,
      caller: viewer.caller,
      reason: reason ?? null,
      at: now,
    });
  }

  private async announceDeprecation(tx: Tx, s: ServiceEntity): Promise<void> {
    if (s.status !== 'deprecated' || !s.sunset_at || s.marketplace_status === 'internal') return;
    await this.announcements.enqueue(tx, {
      kind: 'deprecation',
      slug: s.slug,
      text: `Deprecation: ${s.name} (${s.slug}) is deprecated; sunset on ${sunsetDate(s.sunset_at)}, then it leaves the marketplace.`,
      payload: { sunset_at: s.sunset_at.toISOString() },
    });
  }

  private copyService(s: ServiceEntity): ServiceEntity {
    return Object.assign(new ServiceEntity(), { ...s, metadata: { ...(s.metadata ?? {}) }, features: [...(s.features ?? [])] });
  }
}

const versionConflict = (slug: string, version: number): ProblemException =>
  new ProblemException(409, 'version_conflict', `${slug} was changed meanwhile (now version ${version}); read it again and retry.`, {
    current_version: version,
  });
