/** Restarts an app that dies after it was healthy; a dead helper stops the platform, so `npm start` never runs with a part missing. */
import { StackProcess, exited } from '@lib/testing';

export interface SupervisedApp {
  name: string;
  spawn(): Promise<StackProcess>;
  waitHealthy(proc: StackProcess): Promise<void>;
}

export interface SupervisorOptions {
  /** Called once, after the loud line. Defaults: 5 restarts within 60 s, then fatal; output the console. */
  onFatal(reason: string): void;
  maxRestarts?: number;
  windowMs?: number;
  output?: Pick<Console, 'log' | 'error'>;
  now?: () => number;
}

export class Supervisor {
  private readonly current = new Map<string, StackProcess>();
  private readonly crashes = new Map<string, number[]>();
  private stopping = false;

  constructor(private readonly options: SupervisorOptions) {}

  processes(): StackProcess[] {
    return [...this.current.values()];
  }

  /** From now on exits are expected: no restart, nothing fatal. */
  stop(): void {
    this.stopping = true;
  }

  /** @throws the reason when this first start fails: the launcher stops. */
  async start(app: SupervisedApp): Promise<StackProcess> {
    const proc = await app.spawn();
    if (this.stopping) {
      proc.child.kill('SIGTERM');
      throw new Error(`${app.name} not started: the platform is stopping`);
    }
    this.current.set(app.name, proc);
    await app.waitHealthy(proc);
    this.say(`${app.name} healthy (pid ${proc.child.pid})`);
    this.watch(app, proc);
    return proc;
  }

  watchHelper(name: string, ended: Promise<string>): void {
    void ended.then((how) => this.fatal(`${name} exited (${how})`));
  }

  private watch(app: SupervisedApp, proc: StackProcess): void {
    void exited(proc.child).then((how) => this.crashed(app, proc, how));
  }

  private crashed(app: SupervisedApp, proc: StackProcess, how: string): void {
    if (this.stopping || this.current.get(app.name) !== proc) return;
    const { maxRestarts = 5, windowMs = 60_000 } = this.options;
    const recent = this.recordCrash(app.name, windowMs);
    const window = `in the last ${windowMs / 1000} s`;
    if (recent > maxRestarts)
      return this.fatal(`${app.name} exited (${how}), ${recent} times ${window} (restarts allowed: ${maxRestarts})`);
    this.say(`${app.name} exited (${how}); restarting (${recent} of ${maxRestarts} ${window})`);
    void this.restart(app);
  }

  private recordCrash(name: string, windowMs: number): number {
    const now = (this.options.now ?? Date.now)();
    const recent = (this.crashes.get(name) ?? []).filter((t) => t > now - windowMs);
    recent.push(now);
    this.crashes.set(name, recent);
    return recent.length;
  }

  private async restart(app: SupervisedApp): Promise<void> {
    const proc = await app.spawn().catch((err: Error) => this.fatal(`${app.name} could not be started again: ${err.message}`));
    if (!proc) return;
    if (this.stopping) return void proc.child.kill('SIGTERM');
    this.current.set(app.name, proc);
    // Watched before it is healthy: a crash while starting counts, and is restarted, like any other.
    this.watch(app, proc);
    try {
      await app.waitHealthy(proc);
      this.say(`${app.name} healthy again (pid ${proc.child.pid})`);
    } catch (err) {
      if (this.stopping || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
      this.say(`${app.name} (pid ${proc.child.pid}) is not healthy (${(err as Error).message}); killing it`);
      proc.child.kill('SIGKILL');
    }
  }

  private fatal(reason: string): void {
    if (this.stopping) return;
    this.stopping = true;
    (this.options.output ?? console).error(`\n[supervisor] FATAL: ${reason}; stopping the whole platform\n`);
    this.options.onFatal(reason);
  }

  private say(line: string): void {
    (this.options.output ?? console).log(`[supervisor] ${line}`);
  }
}
