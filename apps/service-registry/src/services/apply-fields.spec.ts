import { ProblemException } from '@lib/schemas';
import { applyFields } from './apply-fields';
import { ServiceEntity } from './entities/service.entity';

const service = (): ServiceEntity =>
  Object.assign(new ServiceEntity(), {
    name: 'A',
    tagline: 'old',
    features: ['x'],
    metadata: { visibility: 'beta', keep: 1, drop: 2 },
    status: 'active',
    sunset_at: null,
    marketplace_status: 'beta',
  } as Partial<ServiceEntity>);

describe('applyFields', () => {
  it('copies given fields, clears nulls, merges metadata and never lets visibility through', () => {
    const s = service();
    const changed = applyFields(s, { tagline: null, features: ['x'], metadata: { drop: null, add: 'y', visibility: 'public' } as never });
    expect(changed).toEqual(['tagline', 'metadata']);
    expect(s.tagline).toBeNull();
    expect(s.metadata).toEqual({ visibility: 'beta', keep: 1, add: 'y' });
  });

  it('requires a sunset date for a deprecated service', () => {
    expect(() => applyFields(service(), { status: 'deprecated' })).toThrow(ProblemException);
    const s = service();
    expect(applyFields(s, { status: 'deprecated', sunset_at: new Date('2027-01-01') })).toEqual(['status', 'sunset_at']);
  });

  it('compares dates by instant', () => {
    const s = service();
    s.sunset_at = new Date('2027-01-01T00:00:00Z');
    expect(applyFields(s, { sunset_at: new Date('2027-01-01T00:00:00.000Z') })).toEqual([]);
  });
});
