import { retryDelayMs } from '../announcements/announcement-deliverer';
import { quarterOf } from '../audits/stale-previews.service';
import { parseArgs } from '../demotions/operator-args';

describe('time rules of the schedulers', () => {
  it('retries announcements at 30 s doubling, capped at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it('names calendar quarters', () => {
    expect(quarterOf(new Date('2026-01-01T00:00:00Z'))).toBe('2026-Q1');
    expect(quarterOf(new Date('2026-09-30T23:59:59Z'))).toBe('2026-Q3');
    expect(quarterOf(new Date('2026-10-01T00:00:00Z'))).toBe('2026-Q4');
  });
});

describe('operator command arguments', () => {
  it('parses demote-to-internal <slug> --reason [--operator]', () => {
    expect(parseArgs(['demote-to-internal', 'svc', '--reason', 'closed', '--operator', 'jane'])).toEqual({
      slug: 'svc',
      reason: 'closed',
      operator: 'jane',
    });
    expect(parseArgs(['demote-to-internal', 'svc'])).toBeUndefined();
    expect(parseArgs(['demote-to-internal', 'svc', '--reason'])).toBeUndefined();
    expect(parseArgs(['demote', 'svc', '--reason', 'x'])).toBeUndefined();
    expect(parseArgs(['demote-to-internal', 'svc', '--reason', 'x', '--force', 'y'])).toBeUndefined();
  });
});
