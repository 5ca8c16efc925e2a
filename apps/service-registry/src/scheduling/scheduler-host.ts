import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { PeriodicTask } from '@lib/platform';
import { AnnouncementDeliverer } from '../announcements/announcement-deliverer';
import { StalePreviewsService } from '../audits/stale-previews.service';
import { Clock } from '../clock/clock';
import { DemotionScheduler } from '../demotions/demotion.scheduler';
import { SunsetScheduler } from '../demotions/sunset.scheduler';
import { ServiceRegistryConfig } from '../config';

/**
 * Runs the time-driven jobs every `SCHEDULER_INTERVAL_MS` (0 = never; tests call `tick` or the jobs'
 * `runDue(now)` directly): due demotions, sunsets, the quarterly stale-preview announcement, then the
 * delivery of announcements. One tick at a time; shutdown waits for the running tick.
 */
@Injectable()
export class SchedulerHost implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(SchedulerHost.name);
  private readonly task = new PeriodicTask<void>(SchedulerHost.name, () => this.runJobs(this.clock.now()));

  constructor(
    private readonly settings: ServiceRegistryConfig,
    private readonly clock: Clock,
    private readonly demotions: DemotionScheduler,
    private readonly sunsets: SunsetScheduler,
    private readonly stalePreviews: StalePreviewsService,
    private readonly deliverer: AnnouncementDeliverer,
  ) {}

  onModuleInit(): void {
    this.task.start(this.settings.SCHEDULER_INTERVAL_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Runs every job once for `now`; a tick already running is awaited instead of started twice. */
  tick(now: Date = this.clock.now()): Promise<void> {
    return this.task.run(() => this.runJobs(now));
  }

  private async runJobs(now: Date): Promise<void> {
    const jobs: [string, () => Promise<unknown>][] = [
      ['demotions', () => this.demotions.runDue(now)],
      ['sunset', () => this.sunsets.runDue(now)],
      ['stale-previews', () => this.stalePreviews.runDue(now)],
      ['announcements', () => this.deliverer.runDue(now)],
    ];
    for (const [name, job] of jobs) {
      try {
        await job();
      } catch (err) {
        this.logger.error({ err, job: name }, 'scheduled job failed; retried at the next tick');
      }
    }
  }
}
