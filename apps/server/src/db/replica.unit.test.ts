import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AppError } from '../http/errors';
import type { Database } from './client';
import { REPLICA_UNAVAILABLE_MESSAGE, replicaReads } from './replica';

/** A database whose statements answer `answer`, or throw what `fail()` returns; counts its calls. */
function fakeDb(answer: string, fail: () => unknown = () => undefined) {
  const db = {
    calls: 0,
    kind: 'postgres' as const,
    raw: {
      async query() {
        db.calls++;
        const err = fail();
        if (err) throw err;
        return [{ from: answer }] as never[];
      },
      async exec() {},
    },
    transaction: async <T>(fn: (raw: Database['raw']) => Promise<T>) => fn(db.raw),
    withLock: async <T>(_k: number, fn: (raw: Database['raw']) => Promise<T>) => fn(db.raw),
    close: async () => {},
  };
  return db;
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
const shutdown = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('reports on a replica that goes away (db/replica.ts)', () => {
  it('reads the replica while it answers', async () => {
    const replica = fakeDb('replica');
    const primary = fakeDb('primary');
    const reads = replicaReads(replica, primary, { fallback: 'primary' });
    expect(await reads.raw.query('SELECT 1')).toEqual([{ from: 'replica' }]);
    expect(await reads.transaction((raw) => raw.query('SELECT 1'))).toEqual([{ from: 'replica' }]);
    expect(primary.calls).toBe(0);
  });

  it('falls back to the primary on an outage, leaves the replica alone for a while, then tries it again', async () => {
    let t = 1000;
    let replicaDown: (() => Error) | undefined = shutdown;
    const replica = fakeDb('replica', () => replicaDown?.());
    const primary = fakeDb('primary');
    const switches: string[] = [];
    const reads = replicaReads(replica, primary, {
      fallback: 'primary',
      retryMs: 5000,
      now: () => t,
      onSwitch: (to) => switches.push(to),
    });
    // The read cut short by the replica's shutdown runs again on the primary: the caller sees no error.
    expect(await reads.raw.query('SELECT 1')).toEqual([{ from: 'primary' }]);
    replicaDown = refused;
    t += 4000;
    expect(await reads.raw.query('SELECT 1')).toEqual([{ from: 'primary' }]);
    expect(replica.calls).toBe(1);
    t += 1001;
    expect(await reads.raw.query('SELECT 1')).toEqual([{ from: 'primary' }]);
    expect(replica.calls).toBe(2);
    replicaDown = undefined;
    t += 5001;
    expect(await reads.raw.query('SELECT 1')).toEqual([{ from: 'replica' }]);
    expect(switches).toEqual(['primary', 'primary', 'replica']);
  });

  it("answers 503 with a French message when the fallback is 'none', without touching the primary", async () => {
    let t = 0;
    const replica = fakeDb('replica', refused);
    const primary = fakeDb('primary');
    const reads = replicaReads(replica, primary, { fallback: 'none', now: () => t });
    for (const step of [0, 100]) {
      t += step;
      const err = await reads.raw.query('SELECT 1').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE', message: REPLICA_UNAVAILABLE_MESSAGE });
    }
    expect(replica.calls).toBe(1);
    expect(primary.calls).toBe(0);
  });

  it("passes a statement's own error through: the replica is fine, the query is not", async () => {
    const replica = fakeDb('replica', () => Object.assign(new Error('division by zero'), { code: '22012' }));
    const primary = fakeDb('primary');
    const reads = replicaReads(replica, primary, { fallback: 'primary' });
    await expect(reads.raw.query('SELECT 1/0')).rejects.toThrow('division by zero');
    expect(primary.calls).toBe(0);
  });

  it('reads REPORTS_FALLBACK and DATABASE_POOLER from the environment', () => {
    const url = 'postgres://u@db/borlette';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ reportsFallback: 'primary', databasePooler: 'none' });
    expect(loadConfig({ DATABASE_URL: url, REPORTS_FALLBACK: 'none', DATABASE_POOLER: 'transaction' })).toMatchObject({
      reportsFallback: 'none',
      databasePooler: 'transaction',
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOLER: 'statement' })).toThrow(/DATABASE_POOLER/);
    expect(() => loadConfig({ DATABASE_POOLER: 'transaction' })).toThrow(/DATABASE_POOLER \(PgBouncer\) demande/);
  });

  it('a read the standby cancels for a conflict with recovery runs again on the primary, the replica stays in use', async () => {
    // Hot standby: a long report meets the replay of a vacuum (max_standby_streaming_delay) — the
    // replica's doing, not the statement's: a 500 would be wrong, and the replica is not down.
    let conflict = true;
    const replica = fakeDb('replica', () =>
      conflict
        ? Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' })
        : undefined,
    );
    const primary = fakeDb('primary');
    const switches: string[] = [];
    const reads = replicaReads(replica, primary, { fallback: 'primary', onSwitch: (to) => switches.push(to) });
    expect(await reads.raw.query('SELECT 1')).toEqual([{ from: 'primary' }]);
    conflict = false;
    expect(await reads.raw.query('SELECT 1')).toEqual([{ from: 'replica' }]);
    expect(switches).toEqual([]);
    // A real serialization failure of the statement (not the standby's) stays the statement's own.
    const own = fakeDb('replica', () => Object.assign(new Error('could not serialize access'), { code: '40001' }));
    await expect(replicaReads(own, primary, { fallback: 'primary' }).raw.query('SELECT 1')).rejects.toThrow(
      'could not serialize',
    );
  });
});
