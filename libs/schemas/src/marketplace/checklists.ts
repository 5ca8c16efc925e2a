/** The promotion checklists of docs/spec/2-service-registry.md as data, for service-registry and tools/checklist (CI). */

/** docs/spec/2-service-registry.md, "States and transitions". */
export const MARKETPLACE_STAGES = ['internal', 'preview', 'beta', 'public'] as const;
export type MarketplaceStage = (typeof MARKETPLACE_STAGES)[number];

export type PromotionTarget = Exclude<MarketplaceStage, 'internal'>;

/** A gate's checklist is "in addition" to the earlier gates'. */
export const MARKETPLACE_GATES = ['internal_to_preview', 'preview_to_beta', 'beta_to_public'] as const;
export type MarketplaceGate = (typeof MARKETPLACE_GATES)[number];

/** record/pricing: fields of the service record; probe: an HTTP call; repository: files checked in CI; attestation: an admin's. */
export type ChecklistCheck = 'record' | 'probe' | 'pricing' | 'repository' | 'attestation';

export type ChecklistEvidence = 'auto' | 'ci_report' | 'admin_attestation';

export interface ChecklistItem {
  /** Stable snake_case identifier, used in evidence records and CI reports. */
  id: string;
  gate: MarketplaceGate;
  target: PromotionTarget;
  title: string;
  check: ChecklistCheck;
  evidence: ChecklistEvidence;
  /** Dotted record paths the registry reads for this item. */
  record_fields?: readonly string[];
}

const item = (
  gate: MarketplaceGate,
  id: string,
  check: ChecklistCheck,
  evidence: ChecklistEvidence,
  title: string,
  record_fields?: readonly string[],
): ChecklistItem => ({
  id,
  gate,
  target: GATE_TARGET[gate],
  title,
  check,
  evidence,
  ...(record_fields ? { record_fields } : {}),
});

export const GATE_TARGET: Readonly<Record<MarketplaceGate, PromotionTarget>> = {
  internal_to_preview: 'preview',
  preview_to_beta: 'beta',
  beta_to_public: 'public',
};

/** Automatic promotion, no review. */
const INTERNAL_TO_PREVIEW: readonly ChecklistItem[] = [
  item(
    'internal_to_preview',
    'monogram_svg',
    'repository',
    'ci_report',
    'A 64x64 monogram logo in SVG in the brand assets directory of the shared style repository, under brands/<slug>/.',
  ),
  item(
    'internal_to_preview',
    'context_file',
    'repository',
    'ci_report',
    'A context file in the service repository (port, secret key names, gotchas, owner).',
  ),
  item(
    'internal_to_preview',
    'healthz_ok',
    'probe',
    'auto',
    'A health endpoint /healthz that responds 200 with a JSON object whose status field is ok.',
  ),
  item('internal_to_preview', 'registry_entry_preview', 'record', 'auto', 'A registry entry with marketplace_status preview.', [
    'marketplace_status',
  ]),
  item(
    'internal_to_preview',
    'idp_preview_group',
    'attestation',
    'admin_attestation',
    'The identity-provider group <slug>-preview created (invitee list).',
  ),
];

/** Human review by a superadmin. */
const PREVIEW_TO_BETA: readonly ChecklistItem[] = [
  item(
    'preview_to_beta',
    'versioned_contract',
    'repository',
    'ci_report',
    'A versioned contract with a referenceable anchor in the contracts document (REST /api/v1/...).',
  ),
  item('preview_to_beta', 'brand_tokens', 'repository', 'ci_report', 'Complete brand tokens for the slug (not only the logo).'),
  item('preview_to_beta', 'ci_smoke_tests', 'repository', 'ci_report', 'Minimal smoke tests in continuous integration.'),
  item(
    'preview_to_beta',
    'marketplace_detail_page',
    'probe',
    'auto',
    'A marketplace detail page /s/<slug>/ rendering tagline and features.',
  ),
  item('preview_to_beta', 'pricing_tier_set', 'pricing', 'auto', 'pricing_tier set (not null).', ['pricing_tier']),
  item('preview_to_beta', 'pricing_summary', 'pricing', 'auto', 'A provisional pricing_summary in metadata.', ['metadata.pricing_summary']),
];

/** Human review plus 24 hours cooldown. */
const BETA_TO_PUBLIC: readonly ChecklistItem[] = [
  item('beta_to_public', 'test_coverage_60', 'repository', 'ci_report', 'Test coverage at least 60 percent.'),
  item('beta_to_public', 'structured_json_logging', 'repository', 'ci_report', 'Structured JSON logging in the canonical form.'),
  item('beta_to_public', 'oidc_shared_library', 'repository', 'ci_report', 'OIDC integration through the shared library or equivalent.'),
  item('beta_to_public', 'public_docs', 'repository', 'ci_report', 'Public documentation where it applies to the product.'),
  // The repository side (frontmatter maintainer) comes from CI; the registry also requires the owner in the record's metadata.
  item('beta_to_public', 'maintainer_declared', 'repository', 'ci_report', 'Owner declared in the maintainer field and in metadata.', [
    'metadata.maintainer',
  ]),
  item('beta_to_public', 'definitive_pricing_tier', 'pricing', 'auto', 'Definitive pricing_tier (not custom for self-service access).', [
    'pricing_tier',
  ]),
  item('beta_to_public', 'frontmatter_template_v1', 'repository', 'ci_report', 'Complete, validated frontmatter of template v1.'),
];

/** Gate order then spec order; each spec item exactly once. */
export const CHECKLIST_ITEMS: readonly ChecklistItem[] = [...INTERNAL_TO_PREVIEW, ...PREVIEW_TO_BETA, ...BETA_TO_PUBLIC];

/** True when `value` is one of the four marketplace stages. */
export function isMarketplaceStage(value: unknown): value is MarketplaceStage {
  return typeof value === 'string' && (MARKETPLACE_STAGES as readonly string[]).includes(value);
}

/** Cumulative gates (spec: "Promotion checks are cumulative"); `internal` needs none. @throws RangeError for an unknown stage. */
export function gatesUpTo(target: MarketplaceStage): MarketplaceGate[] {
  const index = MARKETPLACE_STAGES.indexOf(target);
  if (index < 0) throw new RangeError(`unknown marketplace stage: ${String(target)}`);
  return MARKETPLACE_GATES.slice(0, index);
}

/** The checklist items required to reach `target` (cumulative, see `gatesUpTo`). */
export function checklistItemsUpTo(target: MarketplaceStage): ChecklistItem[] {
  const gates = new Set<MarketplaceGate>(gatesUpTo(target));
  return CHECKLIST_ITEMS.filter((i) => gates.has(i.gate));
}

/** What tools/checklist checks in CI. */
export function repositoryItemsUpTo(target: MarketplaceStage): ChecklistItem[] {
  return checklistItemsUpTo(target).filter((i) => i.check === 'repository');
}

/** Looks an item up by id; undefined when unknown. */
export function checklistItem(id: string): ChecklistItem | undefined {
  return CHECKLIST_ITEMS.find((i) => i.id === id);
}
