import { ProblemException } from '@lib/schemas';
import { Viewer, requireRole } from './viewer';
import { canSee, previewGroup, visibilityFilter } from './visibility';

const user = (roles: string[], groups: string[] = []) => new Viewer('admin', { sub: 'u1', roles, groups, claims: {} });

describe('visibility (docs/service-registry.md "Roles matrix")', () => {
  it('follows the table for each kind of viewer', () => {
    const anonymous = Viewer.anonymous('marketplace');
    expect(['internal', 'preview', 'beta', 'public'].map((s) => canSee(anonymous, 'svc', s as never))).toEqual([false, false, false, true]);
    expect(['internal', 'preview', 'beta', 'public'].map((s) => canSee(user([]), 'svc', s as never))).toEqual([false, false, true, true]);
    expect(canSee(user([], [previewGroup('svc')]), 'svc', 'preview')).toBe(true);
    expect(canSee(user([], ['other-preview']), 'svc', 'preview')).toBe(false);
    for (const role of ['superadmin', 'staff', 'admin']) expect(canSee(user([role]), 'svc', 'internal')).toBe(true);
  });

  it('turns groups into preview slugs for list queries', () => {
    expect(visibilityFilter(user([], ['a-preview', 'b', '-preview', 'c-d-preview']))).toEqual({
      stages: ['beta', 'public'],
      previewSlugs: ['a', 'c-d'],
    });
    expect(visibilityFilter(Viewer.anonymous())).toEqual({ stages: ['public'], previewSlugs: [] });
    expect(visibilityFilter(user(['staff'])).stages).toHaveLength(4);
  });
});

describe('requireRole', () => {
  it('passes holders and explains the refusal to others', () => {
    expect(() => requireRole(user(['superadmin']), ['superadmin'], 'demote a service')).not.toThrow();
    let error: unknown;
    try {
      requireRole(user(['staff']), ['admin', 'superadmin'], 'create a service');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ProblemException);
    const problem = (error as ProblemException).getProblem();
    expect(problem).toMatchObject({ status: 403, error: 'insufficient_role', required_roles: ['admin', 'superadmin'] });
    expect(problem.detail).toBe('Only admin or superadmin may create a service; this is user u1 (roles: staff).');
  });

  it('records actors', () => {
    expect(user([]).actor).toBe('user:u1');
    expect(Viewer.anonymous('ci').actor).toBe('caller:ci');
    expect(Viewer.anonymous().actor).toBe('anonymous');
  });
});
