import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { detectAlerts } from '../modules/alerts/alerts-detect';
import { invoiceLastMonth } from '../modules/billing/invoices.service';
import { leavePoller, type PollerDeps, pollPass } from '../modules/results/poller';
import { foldDaySums } from '../modules/statistics/day-sums-fold';
import { maintainTables, needsOwnMaintenance } from '../ops/maintenance';

/**
 * Every background job of the server, in one place: what runs on a timer, how often, and under which
 * configuration switch. Timers start when the app is ready and stop when it closes (a pass under way
 * is awaited, so the database is not closed under it). A job is a plain function of the database:
 * it takes no request, and tests call it directly instead of waiting for its timer.
 */
export interface Job {
  /** Delay before the first pass, then between two passes. */
  firstMs: number;
  everyMs: number;
  /** One pass. A pass still running when the next is due makes that one skip. */
  run: () => Promise<void>;
  /** How a failed pass is logged; the next pass runs on time. */
  failed: (err: unknown) => void;
}

/** What the jobs work with (the app's dependencies; no import of app.ts, which registers the scheduler). */
export interface JobDeps {
  database: Database;
  config: Config;
  resultSources?: Pick<PollerDeps, 'providerFor' | 'fetchFor'>;
}

/** Every 6 hours, last month's invoices are brought up to date: overdue companies stop selling. */
const INVOICES_EVERY_MS = 6 * 3600_000;

/**
 * The jobs this configuration asks for (BILLING_AUTO_INVOICES, MAINTENANCE_SECONDS, DAY_SUMS_FOLD_SECONDS,
 * ALERTS_SECONDS, RESULTS_POLL_SECONDS; off in tests).
 */
export async function jobsOf({ database, config, resultSources }: JobDeps, log: FastifyBaseLogger): Promise<Job[]> {
  const jobs: Job[] = [];
  if (config.billing.autoInvoices) {
    // A company that nobody looked at is still invoiced, and blocked once past its grace.
    jobs.push({
      firstMs: 10_000,
      everyMs: INVOICES_EVERY_MS,
      run: async () => {
        await invoiceLastMonth(database.raw);
      },
      failed: (err) => log.error({ err }, 'automatic invoices failed'),
    });
  }
  // VACUUM ANALYZE of the tables that changed, when the database has no autovacuum (ops/maintenance.ts).
  const everyMs = config.maintenanceMs;
  if (everyMs > 0 && (await needsOwnMaintenance(database))) {
    log.info({ everyMs }, 'no autovacuum on this database: the server vacuums and analyzes its tables');
    jobs.push({
      firstMs: Math.min(everyMs, 15_000),
      everyMs,
      run: async () => {
        const done = await maintainTables(database.raw, database.kind);
        if (done.length) log.info({ tables: done }, 'tables vacuumed and analyzed');
      },
      failed: (err) => log.warn({ err }, 'table maintenance failed'),
    });
  }
  // The sales' day-sum deltas into the day sums (statistics/day-sums-fold.ts): the reads stay short.
  const foldMs = config.daySumsFoldMs;
  if (foldMs > 0) {
    jobs.push({
      firstMs: foldMs,
      everyMs: foldMs,
      run: async () => {
        await foldDaySums(database.raw);
      },
      failed: (err) => log.warn({ err }, 'day sums fold failed'),
    });
  }
  // The anomaly detectors (issue 22 §3): each anomaly is inserted once under its dedupe key, so passes
  // of N instances at once raise it once.
  const alertsMs = config.alertsMs;
  if (alertsMs > 0) {
    jobs.push({
      firstMs: Math.min(alertsMs, 20_000),
      everyMs: alertsMs,
      run: async () => {
        const raised = await detectAlerts(database.raw);
        if (raised.total) log.info({ raised }, 'anomaly alerts raised');
      },
      failed: (err) => log.warn({ err }, 'anomaly detectors failed'),
    });
  }
  // The official results poller (issue 21): every instance tries, the one holding the lease polls.
  const pollMs = config.resultsPollMs;
  if (pollMs > 0) {
    jobs.push({
      firstMs: Math.min(pollMs, 5_000),
      everyMs: pollMs,
      run: async () => {
        const pass = await pollPass({ database, ...resultSources });
        if (pass.applied) log.info(pass, 'official results applied');
      },
      failed: (err) => log.warn({ err }, 'results poller pass failed'),
    });
  }
  return jobs;
}

/** Starts the jobs' timers; answers a function that stops them all and waits for the passes under way. */
export function startJobs(jobs: readonly Job[]): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const job of jobs) {
    let current: Promise<void> | undefined;
    const pass = () => {
      if (current || stopped) return;
      current = job
        .run()
        .catch(job.failed)
        .finally(() => {
          running.delete(current as Promise<void>);
          current = undefined;
        });
      running.add(current);
    };
    timers.push(setTimeout(pass, job.firstMs).unref(), setInterval(pass, job.everyMs).unref());
  }
  return async () => {
    stopped = true;
    for (const t of timers) clearTimeout(t);
    await Promise.all(running);
  };
}

/** The scheduler of `app`: its jobs start on ready and stop on close. */
export function registerScheduler(app: FastifyInstance, deps: JobDeps): void {
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startJobs(await jobsOf(deps, app.log));
  });
  app.addHook('onClose', async () => {
    await stop?.();
    // Another server takes the results poller at its next pass instead of after the lease's expiry.
    if (deps.config.resultsPollMs > 0) await leavePoller(deps.database).catch(() => {});
  });
}
