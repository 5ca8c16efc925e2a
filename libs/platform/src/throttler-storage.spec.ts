import { FixedWindowThrottlerStorage } from './throttler-storage';

describe('FixedWindowThrottlerStorage', () => {
  let now = 1_000_000;
  const storage = new FixedWindowThrottlerStorage(() => now);
  afterAll(() => storage.close());

  it('counts hits in a window, refuses over the limit for the block duration, then opens a new window', async () => {
    for (let i = 1; i <= 3; i++) expect(await storage.increment('k', 60_000, 3, 60_000)).toMatchObject({ totalHits: i, isBlocked: false });
    expect(await storage.increment('k', 60_000, 3, 60_000)).toEqual({
      totalHits: 4,
      timeToExpire: 60,
      isBlocked: true,
      timeToBlockExpire: 60,
    });
    now += 30_000;
    expect(await storage.increment('k', 60_000, 3, 60_000)).toMatchObject({ isBlocked: true, timeToBlockExpire: 30 });
    now += 30_001;
    expect(await storage.increment('k', 60_000, 3, 60_000)).toMatchObject({ totalHits: 1, isBlocked: false, timeToExpire: 60 });
  });

  it('keeps keys apart and drops ended windows in the sweep, so memory does not grow with requests', async () => {
    for (let i = 0; i < 1000; i++) await storage.increment(`t${i % 10}`, 1000, 10_000, 1000);
    expect(storage.size).toBe(11);
    now += 2000;
    storage.barrer();
    expect(storage.size).toBe(1);
  });
});
