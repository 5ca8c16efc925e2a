import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { checklistItemsUpTo, type MarketplaceGate, type MarketplaceStage } from '@lib/schemas';
import { Clock } from '../clock/clock';
import { renderDetailPage } from '../pages/page-renderer';
import type { ServiceEntity } from '../services/entities/service.entity';
import { ChecklistResultEntity } from './checklist-result.entity';
import type { ItemResult } from './dto/checklist.views';
import { evaluateItem } from './evaluators';
import { ChecklistEvidenceEntity } from './evidence.entity';
import { HealthProbe } from './health-probe';

export interface Evaluation {
  target: MarketplaceStage;
  results: ItemResult[];
  /** Failed items of the gates that block (all gates unless some were advisory). */
  failures: ItemResult[];
}

/**
 * Runs every checklist item of every gate up to a target stage (cumulative: libs/schemas/src/marketplace/checklists.ts) against a service
 * record and stores one result per item (passed / failed / not_applicable, checked_at, checked_by).
 */
@Injectable()
export class ChecklistService {
  constructor(
    @InjectRepository(ChecklistResultEntity) private readonly results: Repository<ChecklistResultEntity>,
    @InjectRepository(ChecklistEvidenceEntity) private readonly evidence: Repository<ChecklistEvidenceEntity>,
    private readonly probe: HealthProbe,
    private readonly clock: Clock,
  ) {}

  /**
   * Evaluates `service` (possibly with unsaved edits) for `target`. Failures of `advisoryGates` are
   * recorded but not listed in `failures` (the cutoff rule for services promoted before 2026-05-01).
   */
  async evaluate(
    service: ServiceEntity,
    target: MarketplaceStage,
    checkedBy: string,
    advisoryGates: MarketplaceGate[] = [],
  ): Promise<Evaluation> {
    const items = checklistItemsUpTo(target);
    const [ciReports, attestations] = await Promise.all([
      this.newestEvidence(service.id, 'checklist-cli'),
      this.newestEvidence(service.id, 'attestation'),
    ]);
    const ctx = { service, ciReports, attestations, probeHealth: (url: string | null) => this.probe.check(url), renderDetailPage };
    const now = this.clock.now();
    const results: ItemResult[] = [];
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
    await this.store(service.id, results, now);
    const failures = results.filter((r) => r.status === 'failed' && !advisoryGates.includes(r.gate));
    return { target, results, failures };
  }

  /** The stored results of a service, in checklist order. */
  async stored(serviceId: string): Promise<ItemResult[]> {
    const rows = await this.results.find({ where: { service_id: serviceId } });
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

  private async store(serviceId: string, results: ItemResult[], now: Date): Promise<void> {
    if (results.length === 0) return;
    await this.results
      .createQueryBuilder()
      .insert()
      .values(
        results.map((r) => ({
          service_id: serviceId,
          item_id: r.id,
          gate: r.gate,
          status: r.status,
          detail: r.detail,
          source: r.source,
          checked_at: now,
          checked_by: r.checked_by,
        })),
      )
      .orUpdate(['gate', 'status', 'detail', 'source', 'checked_at', 'checked_by'], ['service_id', 'item_id'])
      .execute();
  }

  private async newestEvidence(serviceId: string, source: string): Promise<Map<string, ChecklistEvidenceEntity>> {
    const rows = await this.evidence
      .createQueryBuilder('e')
      .distinctOn(['e.item_id'])
      .where('e.service_id = :serviceId AND e.source = :source', { serviceId, source })
      .orderBy('e.item_id')
      .addOrderBy('e.id', 'DESC')
      .getMany();
    return new Map(rows.map((r) => [r.item_id, r]));
  }
}
