import {
  CHECKLIST_ITEMS,
  GATE_TARGET,
  MARKETPLACE_STAGES,
  checklistItem,
  checklistItemsUpTo,
  gatesUpTo,
  isMarketplaceStage,
  repositoryItemsUpTo,
  type MarketplaceStage,
} from './index';

// Spec 2 wording, copied from the three checklists, in order: the data must hold each exactly once.
const SPEC_ITEMS: Record<string, string[]> = {
  internal_to_preview: [
    'A 64x64 monogram logo in SVG in the brand assets directory of the shared style repository, under brands/<slug>/.',
    'A context file in the service repository (port, secret key names, gotchas, owner).',
    'A health endpoint /healthz that responds 200 with a JSON object whose status field is ok.',
    'A registry entry with marketplace_status preview.',
    'The identity-provider group <slug>-preview created (invitee list).',
  ],
  preview_to_beta: [
    'A versioned contract with a referenceable anchor in the contracts document (REST /api/v1/...).',
    'Complete brand tokens for the slug (not only the logo).',
    'Minimal smoke tests in continuous integration.',
    'A marketplace detail page /s/<slug>/ rendering tagline and features.',
    'pricing_tier set (not null).',
    'A provisional pricing_summary in metadata.',
  ],
  beta_to_public: [
    'Test coverage at least 60 percent.',
    'Structured JSON logging in the canonical form.',
    'OIDC integration through the shared library or equivalent.',
    'Public documentation where it applies to the product.',
    'Owner declared in the maintainer field and in metadata.',
    'Definitive pricing_tier (not custom for self-service access).',
    'Complete, validated frontmatter of template v1.',
  ],
};

describe('marketplace checklists', () => {
  it('hold every spec item exactly once, in spec order, with the spec wording', () => {
    for (const [gate, titles] of Object.entries(SPEC_ITEMS)) {
      expect(CHECKLIST_ITEMS.filter((i) => i.gate === gate).map((i) => i.title)).toEqual(titles);
    }
    expect(CHECKLIST_ITEMS).toHaveLength(18);
  });

  it('have unique snake_case ids and targets matching their gate', () => {
    const ids = CHECKLIST_ITEMS.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const i of CHECKLIST_ITEMS) {
      expect(i.id).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/);
      expect(i.target).toBe(GATE_TARGET[i.gate]);
    }
  });

  it('pair each kind of check with its source of evidence', () => {
    const expected = { repository: 'ci_report', attestation: 'admin_attestation', record: 'auto', probe: 'auto', pricing: 'auto' };
    for (const i of CHECKLIST_ITEMS) expect(i.evidence).toBe(expected[i.check]);
  });

  it('name the repository-side items the CLI checks', () => {
    expect(repositoryItemsUpTo('public').map((i) => i.id)).toEqual([
      'monogram_svg',
      'context_file',
      'versioned_contract',
      'brand_tokens',
      'ci_smoke_tests',
      'test_coverage_60',
      'structured_json_logging',
      'oidc_shared_library',
      'public_docs',
      'maintainer_declared',
      'frontmatter_template_v1',
    ]);
  });

  it.each<[MarketplaceStage, string[], number]>([
    ['internal', [], 0],
    ['preview', ['internal_to_preview'], 5],
    ['beta', ['internal_to_preview', 'preview_to_beta'], 11],
    ['public', ['internal_to_preview', 'preview_to_beta', 'beta_to_public'], 18],
  ])('gatesUpTo(%s) is cumulative', (stage, gates, count) => {
    expect(gatesUpTo(stage)).toEqual(gates);
    expect(checklistItemsUpTo(stage)).toHaveLength(count);
  });

  it('rejects an unknown stage', () => {
    expect(() => gatesUpTo('gold' as MarketplaceStage)).toThrow(RangeError);
  });

  it('orders the stages and recognises them', () => {
    expect(MARKETPLACE_STAGES).toEqual(['internal', 'preview', 'beta', 'public']);
    expect(isMarketplaceStage('beta')).toBe(true);
    expect(isMarketplaceStage('Beta')).toBe(false);
    expect(isMarketplaceStage(3)).toBe(false);
  });

  it('finds an item by id', () => {
    expect(checklistItem('pricing_tier_set')?.record_fields).toEqual(['pricing_tier']);
    expect(checklistItem('nope')).toBeUndefined();
  });
});
