import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { RawClient } from '../db/client';
import { execute, firstRow, sql } from '../db/sql';
import { AppError } from '../http/errors';

/**
 * Leases in the database (job_leases, migration 0026): who runs a job now when N servers share one
 * database. A row replaced only once expired (or by its own holder), so a crashed holder frees it by
 * itself. A plain INSERT … ON CONFLICT: the same on PGlite and PostgreSQL, and through a transaction
 * pooler (a session advisory lock would not survive PgBouncer's transaction mode).
 */

/** This process's name in the leases (one per server instance). */
export const INSTANCE_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

/** Takes or renews the lease `name` for `ms`; true when `holder` holds it now. */
export async function tryLease(raw: RawClient, name: string, holder: string, ms: number): Promise<boolean> {
  const row = await firstRow(
    raw,
    z.object({ holder: z.string() }),
    sql`INSERT INTO job_leases (name, holder, expires_at)
        VALUES (${name}, ${holder}, clock_timestamp() + ${ms} * interval '1 millisecond')
        ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE job_leases.expires_at < clock_timestamp() OR job_leases.holder = excluded.holder
        RETURNING holder`,
  );
  return row?.holder === holder;
}

export async function releaseLease(raw: RawClient, name: string, holder: string): Promise<void> {
  await execute(raw, sql`DELETE FROM job_leases WHERE name = ${name} AND holder = ${holder}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `fn` while holding the lease `name` (waiting up to `waitMs` for it): one caller at a time across every
 * server, e.g. the decision and publication of one state session's result. Held at most `ms`.
 */
export async function withLease<T>(
  raw: RawClient,
  name: string,
  fn: () => Promise<T>,
  { ms = 10 * 60_000, waitMs = 60_000 } = {},
): Promise<T> {
  const holder = randomUUID();
  const until = Date.now() + waitMs;
  while (!(await tryLease(raw, name, holder, ms))) {
    if (Date.now() > until)
      throw new AppError(503, 'UNAVAILABLE', 'Ce résultat est en cours de traitement : réessayez.');
    await sleep(25 + Math.random() * 50);
  }
  try {
    return await fn();
  } finally {
    await releaseLease(raw, name, holder);
  }
}
