import { PeriodicTask } from './periodic-task';

describe('PeriodicTask', () => {
  it('runs one run at a time: a run asked for during another returns it', async () => {
    let release!: () => void;
    let calls = 0;
    const task = new PeriodicTask('test', () => {
      calls++;
      return new Promise<number>((r) => (release = () => r(calls)));
    });
    const first = task.run();
    const second = task.run();
    release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(calls).toBe(1);
    release = () => undefined;
    const third = task.run();
    release();
    expect(await third).toBe(2);
  });

  it('stop waits for the run in progress, even a failing one', async () => {
    let fail!: (e: Error) => void;
    const task = new PeriodicTask('test', () => new Promise<void>((_, reject) => (fail = reject)));
    const run = task.run().catch((e: Error) => e.message);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    fail(new Error('boom'));
    await stopping;
    expect(stopped).toBe(true);
    expect(await run).toBe('boom');
  });
});
