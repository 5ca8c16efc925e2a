import { repositoryItemsUpTo, type ChecklistResultStatus, type PromotionTarget } from '@lib/schemas';
import { Api, USERS } from './client';
import type { StubServer } from './stub-server';

const SUPERADMIN = { user: USERS.superadmin };

/** A CI report of the checklist CLI for every repository item up to `target`, with per-item overrides. */
export function ciReport(
  target: PromotionTarget,
  overrides: Record<string, ChecklistResultStatus> = {},
  generatedAt = new Date().toISOString(),
) {
  return {
    source: 'checklist-cli',
    target,
    generated_at: generatedAt,
    results: repositoryItemsUpTo(target).map((i) => ({ id: i.id, status: overrides[i.id] ?? 'passed', detail: `${i.id} checked in CI` })),
  };
}

/** Record fields that satisfy every automatic item (health URL pointing at the stub's /healthz). */
export function completeFields(health: StubServer) {
  return {
    tagline: 'Electronic invoices without pain',
    features: ['Issue DTE 33', 'Track SII status'],
    pricing_tier: 'metered',
    self_service: true,
    maintainer: 'team-billing',
    health_url: `${health.url}/healthz`,
    metadata: { pricing_summary: 'From 10 000 CLP per month', maintainer: 'team-billing' },
  };
}

/**
 * Creates a service that meets every checklist item: complete fields, a passing CI report up to
 * public and the identity-provider group attested. The stub must answer /healthz with status ok.
 */
export async function createReadyService(api: Api, slug: string, health: StubServer, extra: Record<string, unknown> = {}): Promise<void> {
  health.on('/healthz', { status: 200, body: { status: 'ok' } });
  const created = await api.post('/api/v1/services/', { slug, name: `Service ${slug}`, ...completeFields(health), ...extra }, SUPERADMIN);
  if (created.status !== 201) throw new Error(`create ${slug}: ${created.status} ${JSON.stringify(created.body)}`);
  const report = await api.post(`/api/v1/services/${slug}/evidence`, ciReport('public'), { caller: 'ci' });
  if (report.status !== 201) throw new Error(`evidence ${slug}: ${report.status} ${JSON.stringify(report.body)}`);
  const attested = await api.post(
    `/api/v1/services/${slug}/attestations`,
    { item_id: 'idp_preview_group', link: `https://idp.example.test/groups/${slug}-preview` },
    SUPERADMIN,
  );
  if (attested.status !== 201) throw new Error(`attest ${slug}: ${attested.status} ${JSON.stringify(attested.body)}`);
}

/** Approves the next promotion of `slug` (superadmin review). */
export async function approve(api: Api, slug: string, target: 'beta' | 'public'): Promise<void> {
  const res = await api.post(`/api/v1/services/${slug}/reviews`, { decision: 'approved', target }, SUPERADMIN);
  if (res.status !== 201) throw new Error(`review ${slug}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** PATCHes the stage as superadmin and fails loudly unless the answer is `expect`. */
export async function moveTo(api: Api, slug: string, stage: string, body: Record<string, unknown> = {}, expect = 200) {
  const res = await api.patch(`/api/v1/services/${slug}`, { marketplace_status: stage, ...body }, SUPERADMIN);
  if (res.status !== expect) throw new Error(`PATCH ${slug} -> ${stage}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/**
 * Takes a ready service from internal up to `stage` through the real gates, moving the clock past the
 * 24 h cooldown before public.
 */
export async function promoteTo(
  api: Api,
  slug: string,
  stage: 'preview' | 'beta' | 'public',
  advance: (ms: number) => void,
): Promise<void> {
  await moveTo(api, slug, 'preview');
  if (stage === 'preview') return;
  await approve(api, slug, 'beta');
  await moveTo(api, slug, 'beta');
  if (stage === 'beta') return;
  advance(24 * 3_600_000 + 1000);
  await approve(api, slug, 'public');
  await moveTo(api, slug, 'public');
}
