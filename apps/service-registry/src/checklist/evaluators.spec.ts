import { checklistItem, type ChecklistItem } from '@lib/schemas';
import { renderDetailPage } from '../pages/page-renderer';
import { ServiceEntity } from '../services/entities/service.entity';
import { evaluateItem, readField, type EvaluationContext } from './evaluators';
import type { ChecklistEvidenceEntity } from './evidence.entity';

const item = (id: string) => checklistItem(id) as ChecklistItem;

function ctx(fields: Partial<ServiceEntity>, evidence: Partial<Record<string, Partial<ChecklistEvidenceEntity>>> = {}): EvaluationContext {
  const service = Object.assign(new ServiceEntity(), {
    slug: 'svc',
    name: 'Svc',
    is_active: true,
    features: [],
    metadata: {},
    tagline: null,
    pricing_tier: null,
    self_service: false,
    health_url: null,
    ...fields,
  });
  const rows = new Map(
    Object.entries(evidence).map(([id, e]) => [
      id,
      { generated_at: new Date('2026-01-01'), submitted_by: 'caller:ci', link: null, detail: 'd', ...e } as ChecklistEvidenceEntity,
    ]),
  );
  return { service, ciReports: rows, attestations: rows, probeHealth: async () => ({ ok: true, detail: 'ok' }), renderDetailPage };
}

describe('checklist evaluators', () => {
  it('pricing rules', async () => {
    expect((await evaluateItem(item('pricing_tier_set'), ctx({ pricing_tier: 'free' }))).status).toBe('passed');
    expect((await evaluateItem(item('definitive_pricing_tier'), ctx({ pricing_tier: 'custom', self_service: true }))).status).toBe(
      'failed',
    );
    expect((await evaluateItem(item('definitive_pricing_tier'), ctx({ pricing_tier: 'custom', self_service: false }))).status).toBe(
      'passed',
    );
    expect((await evaluateItem(item('pricing_summary'), ctx({ metadata: { pricing_summary: '  ' } }))).status).toBe('failed');
  });

  it('evidence items: missing, failed, not applicable, and record fields on top', async () => {
    expect((await evaluateItem(item('context_file'), ctx({}))).status).toBe('failed');
    expect((await evaluateItem(item('public_docs'), ctx({}, { public_docs: { status: 'not_applicable' } }))).status).toBe('not_applicable');
    const missingOwner = await evaluateItem(item('maintainer_declared'), ctx({}, { maintainer_declared: { status: 'passed' } }));
    expect(missingOwner).toMatchObject({ status: 'failed', source: 'ci_report' });
    expect(missingOwner.detail).toContain('metadata.maintainer');
    const attested = await evaluateItem(
      item('idp_preview_group'),
      ctx({}, { idp_preview_group: { status: 'passed', link: 'https://idp/x', submitted_by: 'user:a' } }),
    );
    expect(attested).toMatchObject({ status: 'passed', source: 'admin_attestation' });
    expect(attested.detail).toContain('https://idp/x');
  });

  it('the detail page item renders the escaped tagline and features', async () => {
    const ok = await evaluateItem(item('marketplace_detail_page'), ctx({ tagline: 'A <b> & "c"', features: ["it's"] }));
    expect(ok.status).toBe('passed');
    expect((await evaluateItem(item('marketplace_detail_page'), ctx({ tagline: 'x', features: [] }))).status).toBe('failed');
  });

  it('reads dotted fields', () => {
    expect(readField(ctx({ metadata: { pricing_summary: 'p' } }).service, 'metadata.pricing_summary')).toBe('p');
    expect(readField(ctx({}).service, 'metadata.nothing.deeper')).toBeUndefined();
  });
});
