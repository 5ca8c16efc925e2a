import { ServiceEntity } from '../services/entities/service.entity';
import { escapeHtml } from '@lib/platform';
import { renderDetailPage, robotsFor } from './page-renderer';

const svc = (fields: Partial<ServiceEntity>) =>
  Object.assign(new ServiceEntity(), {
    slug: 's',
    name: 'S',
    tagline: 't',
    features: ['f'],
    marketplace_status: 'public',
    status: 'active',
    sunset_at: null,
    audit_badge: null,
    ...fields,
  });

describe('page renderer', () => {
  it('escapes every interpolated value', () => {
    const html = renderDetailPage(svc({ name: '<script>alert(1)</script>', features: ['"><img src=x>'] }));
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x&gt;');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('puts noindex on everything but public and shows the badges', () => {
    expect(robotsFor('public')).toBeUndefined();
    expect(robotsFor('beta')).toBe('noindex, nofollow');
    const beta = renderDetailPage(svc({ marketplace_status: 'beta', status: 'deprecated', sunset_at: new Date('2027-02-03T00:00:00Z') }));
    expect(beta).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(beta).toContain('>Beta</span>');
    expect(beta).toContain('>Deprecated - sunset 2027-02-03</span>');
  });
});
