import { callerLines } from './summary';

describe('launcher banner', () => {
  const keys = { admin: 'k-admin-secret', accounting: 'k-acc-secret' };

  it('shows the keys it generated itself (development defaults)', () => {
    const text = callerLines(keys, true).join('\n');
    expect(text).toContain('k-admin-secret');
    expect(text).toContain('accounting');
  });

  it('shows only caller names when the keys came from the environment', () => {
    const text = callerLines(keys, false).join('\n');
    expect(text).toContain('admin, accounting');
    expect(text).not.toContain('secret');
  });
});
