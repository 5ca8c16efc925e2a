import { Logger } from '@nestjs/common';

/** A background job: one run at a time, a failure retried at the next interval; call `stop` from `beforeApplicationShutdown`. */
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

  /** `everyMs` <= 0 leaves the task to explicit `run` calls (tests, tools). */
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

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
