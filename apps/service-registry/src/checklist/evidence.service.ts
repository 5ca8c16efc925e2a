import { Injectable } from '@nestjs/common';
import { pickFields } from '@lib/platform';
import { checklistItem, ProblemException } from '@lib/schemas';
import { ROLES, type Viewer } from '../access/viewer';
import { Clock } from '../clock/clock';
import type { ServiceEntity } from '../services/entities/service.entity';
import { ServicesService, notFound } from '../services/services.service';
import type { AttestationDto, ChecklistReportDto } from './dto/evidence.dto';
import type { ChecklistEvidenceEntity } from './evidence.entity';
import { ChecklistStore } from './checklist.store';
import type { EvidenceView } from './dto/checklist.views';

@Injectable()
export class EvidenceService {
  constructor(
    private readonly store: ChecklistStore,
    private readonly services: ServicesService,
    private readonly clock: Clock,
  ) {}

  /** The `ci` caller posts without an end user (a machine, so visibility does not apply); `admin` with an admin user. */
  async submitReport(slug: string, report: ChecklistReportDto, viewer: Viewer): Promise<EvidenceView[]> {
    const service = await this.findReportTarget(slug, viewer, 'post checklist evidence');
    const bad = report.results.filter((r) => checklistItem(r.id)?.evidence !== 'ci_report').map((r) => r.id);
    if (bad.length > 0) {
      throw new ProblemException(422, 'unknown_item', `Not repository-side checklist items: ${bad.join(', ')}.`, {
        errors: bad.map((id) => ({ field: 'results.id', message: `${id} is not checked by the checklist CLI` })),
      });
    }
    const now = this.clock.now();
    const rows = report.results.map((r) => ({
      service_id: service.id,
      item_id: r.id,
      source: 'checklist-cli',
      status: r.status,
      detail: r.detail,
      link: null,
      target: report.target,
      generated_at: new Date(report.generated_at),
      submitted_by: viewer.actor,
      caller: viewer.caller ?? null,
      created_at: now,
    }));
    return (await this.store.insertEvidence(rows)).map(toEvidenceView);
  }

  async attest(slug: string, dto: AttestationDto, viewer: Viewer): Promise<EvidenceView> {
    const service = await this.services.findVisibleFor(slug, viewer, [ROLES.admin, ROLES.superadmin], 'attest a checklist item');
    if (checklistItem(dto.item_id)?.evidence !== 'admin_attestation') {
      throw new ProblemException(
        422,
        'not_attestable',
        `${dto.item_id} is not an item that an admin attests; see GET /api/v1/services/{slug}/checklist.`,
      );
    }
    const now = this.clock.now();
    const [row] = await this.store.insertEvidence([
      {
        service_id: service.id,
        item_id: dto.item_id,
        source: 'attestation',
        status: dto.status ?? 'passed',
        detail: dto.detail ?? 'attested',
        link: dto.link,
        target: null,
        generated_at: now,
        submitted_by: viewer.actor,
        caller: viewer.caller ?? null,
        created_at: now,
      },
    ]);
    return toEvidenceView(row);
  }

  async list(slug: string, viewer: Viewer): Promise<EvidenceView[]> {
    const service = await this.services.findVisible(slug, viewer);
    return (await this.store.listEvidence(service.id)).map(toEvidenceView);
  }

  private async findReportTarget(slug: string, viewer: Viewer, action: string): Promise<ServiceEntity> {
    if (viewer.caller === 'ci' && !viewer.user) {
      const service = await this.services.findBySlug(slug);
      if (!service) throw notFound(slug);
      return service;
    }
    return this.services.findVisibleFor(slug, viewer, [ROLES.admin, ROLES.superadmin], action);
  }
}

function toEvidenceView(e: ChecklistEvidenceEntity): EvidenceView {
  return {
    id: String(e.id),
    ...pickFields(e, 'item_id', 'source', 'status', 'detail', 'link', 'submitted_by'),
    generated_at: new Date(e.generated_at).toISOString(),
    created_at: new Date(e.created_at).toISOString(),
  };
}
