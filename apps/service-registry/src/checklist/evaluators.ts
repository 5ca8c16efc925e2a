import type { ChecklistItem, ChecklistResultStatus } from '@lib/schemas';
import type { ServiceEntity } from '../services/entities/service.entity';
import type { ChecklistEvidenceEntity } from './evidence.entity';
import type { ProbeOutcome } from './health-probe';
import { escapeHtml } from '@lib/platform';

export interface ItemOutcome {
  status: ChecklistResultStatus;
  detail: string;
  source: 'auto' | 'ci_report' | 'admin_attestation';
}

/** The record may hold unsaved edits. */
export interface EvaluationContext {
  service: ServiceEntity;
  ciReports: Map<string, ChecklistEvidenceEntity>;
  attestations: Map<string, ChecklistEvidenceEntity>;
  probeHealth: (healthUrl: string | null) => Promise<ProbeOutcome>;
  renderDetailPage: (service: ServiceEntity) => string;
}

const passed = (detail: string): ItemOutcome => ({ status: 'passed', detail, source: 'auto' });
const failed = (detail: string): ItemOutcome => ({ status: 'failed', detail, source: 'auto' });

/** Reads a dotted field path of the record (`metadata.pricing_summary`). */
export function readField(service: ServiceEntity, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), service);
}

const filled = (value: unknown): boolean =>
  value !== null &&
  value !== undefined &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && value.length === 0);

function recordFieldsFilled(item: ChecklistItem, service: ServiceEntity): ItemOutcome {
  const missing = (item.record_fields ?? []).filter((f) => !filled(readField(service, f)));
  return missing.length === 0
    ? passed(`set: ${(item.record_fields ?? []).join(', ')}`)
    : failed(`not set on the service record: ${missing.join(', ')}`);
}

function evaluateRecord(item: ChecklistItem, { service }: EvaluationContext): ItemOutcome {
  if (item.id === 'registry_entry_preview') {
    // The promotion itself writes marketplace_status preview; what can be missing is a live entry.
    if (!service.is_active) return failed('the registry entry is inactive (is_active false); set is_active true first');
    return passed(`registry entry ${service.slug} is active; marketplace_status becomes preview with metadata.visibility aligned`);
  }
  return recordFieldsFilled(item, service);
}

/** Pricing rules (kind `pricing`: tier set before beta, not custom for self-service before public). */
function evaluatePricing(item: ChecklistItem, { service }: EvaluationContext): ItemOutcome {
  switch (item.id) {
    case 'pricing_tier_set':
      return service.pricing_tier ? passed(`pricing_tier is ${service.pricing_tier}`) : failed('pricing_tier is not set');
    case 'pricing_summary': {
      const summary = service.metadata?.pricing_summary;
      return typeof summary === 'string' && summary.trim() !== ''
        ? passed('metadata.pricing_summary is set')
        : failed('metadata.pricing_summary is missing');
    }
    case 'definitive_pricing_tier':
      if (!service.pricing_tier) return failed('pricing_tier is not set');
      if (service.pricing_tier === 'custom' && service.self_service) {
        return failed('pricing_tier custom is not definitive for a self-service service (choose free, metered or flat)');
      }
      return passed(`pricing_tier ${service.pricing_tier}${service.self_service ? ' with self-service access' : ''}`);
    default:
      return recordFieldsFilled(item, service);
  }
}

async function evaluateProbe(item: ChecklistItem, ctx: EvaluationContext): Promise<ItemOutcome> {
  const { service } = ctx;
  if (item.id === 'healthz_ok') {
    const outcome = await ctx.probeHealth(service.health_url);
    return outcome.ok ? passed(outcome.detail) : failed(outcome.detail);
  }
  if (item.id === 'marketplace_detail_page') {
    const missing: string[] = [];
    if (!filled(service.tagline)) missing.push('tagline');
    if (!filled(service.features)) missing.push('features');
    if (missing.length > 0) return failed(`/s/${service.slug}/ cannot render without ${missing.join(' and ')}`);
    const html = ctx.renderDetailPage(service);
    const absent = [service.tagline as string, ...service.features].filter((text) => !html.includes(escapeHtml(text)));
    return absent.length === 0
      ? passed(`/s/${service.slug}/ renders the tagline and ${service.features.length} feature(s)`)
      : failed(`/s/${service.slug}/ does not render: ${absent.join('; ')}`);
  }
  return failed(`no probe is implemented for ${item.id}`);
}

function evaluateEvidence(item: ChecklistItem, ctx: EvaluationContext): ItemOutcome {
  const attested = item.evidence === 'admin_attestation';
  const row = (attested ? ctx.attestations : ctx.ciReports).get(item.id);
  const source = attested ? 'admin_attestation' : 'ci_report';
  if (!row) {
    const how = attested
      ? `an admin must attest it with a link (POST /api/v1/services/${ctx.service.slug}/attestations)`
      : 'no report from the checklist CLI yet (tools/checklist --post in CI)';
    return { status: 'failed', detail: how, source };
  }
  const when = new Date(row.generated_at).toISOString();
  const by = attested ? `attested by ${row.submitted_by}${row.link ? ` (${row.link})` : ''}` : `checklist CLI report of ${when}`;
  if (row.status === 'failed') return { status: 'failed', detail: `${by}: ${row.detail}`, source };
  const fields = recordFieldsFilled(item, ctx.service);
  if (fields.status === 'failed') return { status: 'failed', detail: `${by} ${row.status}, but ${fields.detail}`, source };
  return { status: row.status, detail: `${by}: ${row.detail}`, source };
}

/** Never throws for a failing check. */
export async function evaluateItem(item: ChecklistItem, ctx: EvaluationContext): Promise<ItemOutcome> {
  switch (item.check) {
    case 'record':
      return evaluateRecord(item, ctx);
    case 'pricing':
      return evaluatePricing(item, ctx);
    case 'probe':
      return evaluateProbe(item, ctx);
    default:
      return evaluateEvidence(item, ctx);
  }
}
