import { ALERT_KINDS, type AlertKind, type AlertSettings } from '@borlette/shared/contracts/alerts';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { oneRow, rows, sql } from '../../db/sql';
import { foreignPayments, paidFar, resultEdited, winningVoided } from './alerts-detect-money';
import { afterDraw, burst, dailyOutlier } from './alerts-detect-sales';
import { readAlertSettings } from './alerts-query';
import type { PassScope } from './alerts-sql';

/**
 * One pass of the anomaly detectors (issue 22 §3): for each company, each kind its settings enable,
 * one set-based statement over a recent window that inserts what it finds once (alerts-sql.ts). The
 * scheduler runs a pass every ALERTS_SECONDS; tests call it with a chosen company and instant.
 * Per company rather than one statement over all: every statement then starts from the company's own
 * indexes (and, on a sharded database, runs on the company's node).
 */

export type RaisedCounts = Record<AlertKind, number> & { total: number };

const DETECTORS: Record<AlertKind, (raw: RawClient, p: PassScope, s: AlertSettings) => Promise<number>> = {
  burst: (raw, p, s) => burst(raw, p, s.burst),
  after_draw: (raw, p) => afterDraw(raw, p),
  winning_voided: (raw, p) => winningVoided(raw, p),
  result_edited: (raw, p) => resultEdited(raw, p),
  foreign_payments: (raw, p, s) => foreignPayments(raw, p, s.foreign_payments),
  paid_far: (raw, p, s) => paidFar(raw, p, s.paid_far),
  daily_outlier: (raw, p, s) => dailyOutlier(raw, p, s.daily_outlier),
};

const companyRow = z.object({ id: z.number() });
const nowRow = z.object({ now: z.string() });

export interface PassOptions {
  /** Only this company (tests); every company otherwise. */
  companyId?: number;
  /** The instant the pass looks from (tests); the database's clock otherwise. */
  now?: Date;
  /** Only these kinds (tests); every enabled kind otherwise. */
  kinds?: readonly AlertKind[];
}

/** Runs every enabled detector of every company (or the one asked); answers what was raised. */
export async function detectAlerts(raw: RawClient, opts: PassOptions = {}): Promise<RaisedCounts> {
  const counts = Object.fromEntries([...ALERT_KINDS.map((k) => [k, 0]), ['total', 0]]) as RaisedCounts;
  const companies =
    opts.companyId !== undefined
      ? [{ id: opts.companyId }]
      : await rows(raw, companyRow, sql`SELECT id FROM companies ORDER BY id`);
  // The database's clock, like the sale's: one instant for the whole pass.
  const now = opts.now?.toISOString() ?? (await oneRow(raw, nowRow, sql`SELECT now()::text AS now`)).now;
  for (const { id } of companies) {
    const settings = await readAlertSettings(raw, id);
    for (const kind of opts.kinds ?? ALERT_KINDS) {
      if (!settings[kind].enabled) continue;
      const n = await DETECTORS[kind](raw, { companyId: id, now }, settings);
      counts[kind] += n;
      counts.total += n;
    }
  }
  return counts;
}
