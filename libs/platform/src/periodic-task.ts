import { Logger } from '@nestjs/common';

/**
 * A background job of an app (reconcilers, schedulers): run every `everyMs` once started, one run at a
 * time (a run asked for while one is going returns that run), a failed run logged and retried at the
 * next interval, and `stop` waiting for the run in progress (call it from `beforeApplicationShutdown`).
 * The timer does not keep the process alive.
 */
export class PeriodicTask<T> {
  private readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private running?: Promise<T>;

  constructor(
    name: string,
    private readonly work: () => Promise<T>,
  ) {
    this.logger = new Logger(name);
  }

  /** Starts the interval; `everyMs` <= 0 leaves the task to explicit `run` calls (tests, tools). */
  start(everyMs: number): void {
    if (everyMs > 0 && !this.timer) {
      this.timer = setInterval(
        () => void this.run().catch((err: unknown) => this.logger.error({ err }, 'run failed; retried at the next interval')),
        everyMs,
      ).unref();
    }
  }

  /** One run of `work` (or of `once` for this call); the run in progress when there is one. */
  run(once: () => Promise<T> = this.work): Promise<T> {
    this.running ??= once().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Stops the interval and waits for the run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
