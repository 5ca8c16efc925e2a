import { classifyTransition, fullPublicChecklistApplies, nextStage, PUBLIC_CUTOFF } from './transitions';

describe('classifyTransition (docs/service-registry.md "Flows")', () => {
  it.each([
    ['internal', 'preview', 'promotion'],
    ['preview', 'beta', 'promotion'],
    ['beta', 'public', 'promotion'],
    ['internal', 'beta', 'skip'],
    ['internal', 'public', 'skip'],
    ['preview', 'public', 'skip'],
    ['public', 'internal', 'demotion'],
    ['public', 'beta', 'demotion'],
    ['preview', 'internal', 'demotion'],
    ['beta', 'beta', 'none'],
  ] as const)('%s -> %s is %s', (from, to, kind) => {
    expect(classifyTransition(from, to)).toBe(kind);
  });

  it('knows the next stage', () => {
    expect(nextStage('internal')).toBe('preview');
    expect(nextStage('public')).toBeUndefined();
  });

  it('applies the full public checklist strictly after 2026-05-01', () => {
    expect(PUBLIC_CUTOFF.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(fullPublicChecklistApplies(new Date('2026-04-30T23:59:59Z'))).toBe(false);
    expect(fullPublicChecklistApplies(new Date('2026-05-01T00:00:01Z'))).toBe(true);
  });
});
