import { checkSchedules, scheduledEvent, SCHEDULES, type ScheduleDefinition, type ScheduleTable } from '#events/schedules.ts';
import { nextFireTime, parseCron, type CronSchedule } from './cron.ts';
import { invoke as invokeHandler } from './lambda-host.ts';

/**
 * The local EventBridge Scheduler: fires each job of events/schedules.ts at the times its cron
 * expression names (UTC), by calling the same handler with the same event as in AWS, retrying
 * a failed run like the target's retry policy. Failures are logged loudly, not swallowed.
 *
 * Timers wake at least once a minute and compare with the clock, so a changed system clock
 * or a laptop waking from sleep is noticed; runs missed while asleep are not made up (the one
 * that was due fires late, then the schedule carries on from now).
 */
export interface LocalSchedulerOptions {
  readonly root: string;
  readonly schedules?: ScheduleTable;
  /** Tests replace the Lambda host. */
  readonly invoke?: (entry: string, functionName: string, event: unknown, root: string) => Promise<unknown>;
  /** Waits before each retry of a failed run; as many retries as entries. */
  readonly retryDelaysMs?: readonly number[];
  readonly log?: Pick<Console, 'log' | 'error'>;
}

interface Job {
  readonly name: string;
  readonly definition: ScheduleDefinition;
  readonly cron: CronSchedule;
  due?: number;
  timer?: NodeJS.Timeout;
}

const MAX_WAIT_MS = 60_000;
/** Lambda retries an asynchronous invocation twice, about a minute and then two apart. */
const RETRY_DELAYS_MS = [60_000, 120_000];

export class LocalScheduler {
  private readonly jobs: Job[];
  private readonly running = new Set<Promise<void>>();
  private readonly aborted = new AbortController();
  private readonly invoke: NonNullable<LocalSchedulerOptions['invoke']>;
  private readonly retryDelaysMs: readonly number[];
  private readonly log: Pick<Console, 'log' | 'error'>;
  private started = false;

  constructor(private readonly options: LocalSchedulerOptions) {
    const table = options.schedules ?? SCHEDULES;
    checkSchedules(table);
    this.jobs = Object.entries(table).map(([name, definition]) => ({ name, definition, cron: parseCron(definition.cron) }));
    this.invoke = options.invoke ?? invokeHandler;
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.log = options.log ?? console;
  }

  start(): void {
    if (this.started || this.aborted.signal.aborted) return;
    this.started = true;
    const now = Date.now();
    for (const job of this.jobs) this.arm(job, now);
  }

  /** When each job runs next (undefined: never again), for the start-up banner and tests. */
  nextRuns(): { name: string; at: Date | undefined }[] {
    return this.jobs.map((job) => ({ name: job.name, at: job.due === undefined ? undefined : new Date(job.due) }));
  }

  /** Stops the timers, abandons retries that are waiting, and resolves once runs in progress have finished. */
  async stop(): Promise<void> {
    this.aborted.abort();
    for (const job of this.jobs) clearTimeout(job.timer);
    while (this.running.size) await Promise.all([...this.running]);
  }

  private arm(job: Job, afterMs: number): void {
    job.due = nextFireTime(job.cron, afterMs);
    if (job.due !== undefined) this.wait(job);
  }

  private wait(job: Job): void {
    const delay = Math.min(Math.max(job.due! - Date.now(), 0), MAX_WAIT_MS);
    job.timer = setTimeout(() => this.tick(job), delay);
    job.timer.unref();
  }

  private tick(job: Job): void {
    if (this.aborted.signal.aborted) return;
    const due = job.due!;
    const now = Date.now();
    if (now < due) return this.wait(job);
    const run = this.run(job, due).finally(() => this.running.delete(run));
    this.running.add(run);
    this.arm(job, Math.max(due, now));
  }

  private async run(job: Job, due: number): Promise<void> {
    const event = scheduledEvent(job.name, job.definition, due);
    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      try {
        await this.invoke(job.definition.entry, job.name, event, this.options.root);
        this.log.log(`[scheduler] ${job.name} ran for ${event.scheduledTime} (${Date.now() - started} ms)`);
        return;
      } catch (error) {
        const delay = this.retryDelaysMs[attempt];
        if (delay === undefined || this.aborted.signal.aborted) {
          this.log.error(`[scheduler] ${job.name} FAILED for ${event.scheduledTime} after ${attempt + 1} attempts:`, error);
          return;
        }
        if (!(await this.sleep(delay))) {
          this.log.error(`[scheduler] ${job.name} FAILED for ${event.scheduledTime}; stopping before retry ${attempt + 1}:`, error);
          return;
        }
      }
    }
  }

  /** Resolves true after `ms`, or false as soon as the scheduler stops. */
  private sleep(ms: number): Promise<boolean> {
    const signal = this.aborted.signal;
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(false);
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
