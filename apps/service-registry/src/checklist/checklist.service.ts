import { Injectable } from '@nestjs/common';
import { checklistItemsUpTo, type MarketplaceGate, type MarketplaceStage } from '@lib/schemas';
import { Clock } from '../clock/clock';
import { renderDetailPage } from '../pages/page-renderer';
import type { ServiceEntity } from '../services/entities/service.entity';
import type { ChecklistResultEntity } from './checklist-result.entity';
import { ChecklistStore } from './checklist.store';
import type { ChecklistItemView } from './dto/checklist.views';
import { evaluateItem } from './evaluators';
import { HealthProbe } from './health-probe';

export interface Evaluation {
  target: MarketplaceStage;
  results: ChecklistItemView[];
  /** Failed items of the gates that block (all gates unless some were advisory). */
  failures: ChecklistItemView[];
}

/** Evaluates the cumulative checklist up to a stage (libs/schemas/src/marketplace/checklists.ts) and stores one result per item. */
@Injectable()
export class ChecklistService {
  constructor(
    private readonly store: ChecklistStore,
    private readonly probe: HealthProbe,
    private readonly clock: Clock,
  ) {}

  /** Failures of `advisoryGates` are stored but not in `failures` (the cutoff rule for services public before 2026-05-01). */
  async evaluate(
    service: ServiceEntity,
    target: MarketplaceStage,
    checkedBy: string,
    advisoryGates: MarketplaceGate[] = [],
  ): Promise<Evaluation> {
    const items = checklistItemsUpTo(target);
    const [ciReports, attestations] = await Promise.all([
      this.store.findNewestEvidence(service.id, 'checklist-cli'),
      this.store.findNewestEvidence(service.id, 'attestation'),
    ]);
    const ctx = { service, ciReports, attestations, probeHealth: (url: string | null) => this.probe.check(url), renderDetailPage };
    const now = this.clock.now();
    const results: ChecklistItemView[] = [];
    for (const item of items) {
      const outcome = await evaluateItem(item, ctx);
      results.push({
        id: item.id,
        gate: item.gate,
        title: item.title,
        status: outcome.status,
        detail: outcome.detail,
        source: outcome.source,
        checked_at: now.toISOString(),
        checked_by: checkedBy,
      });
    }
    await this.store.upsertResults(
      results.map((r) => ({
        service_id: service.id,
        item_id: r.id,
        gate: r.gate,
        status: r.status,
        detail: r.detail,
        source: r.source,
        checked_at: now,
        checked_by: r.checked_by,
      })),
    );
    const failures = results.filter((r) => r.status === 'failed' && !advisoryGates.includes(r.gate));
    return { target, results, failures };
  }

  /** In checklist order. */
  async listStored(serviceId: string): Promise<ChecklistItemView[]> {
    const rows = await this.store.listResults(serviceId);
    const byId = new Map(rows.map((r) => [r.item_id, r]));
    return checklistItemsUpTo('public')
      .filter((item) => byId.has(item.id))
      .map((item) => {
        const r = byId.get(item.id) as ChecklistResultEntity;
        return {
          id: item.id,
          gate: item.gate,
          title: item.title,
          status: r.status,
          detail: r.detail,
          source: r.source,
          checked_at: new Date(r.checked_at).toISOString(),
          checked_by: r.checked_by,
        };
      });
  }
}
