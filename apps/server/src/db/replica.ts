import { AppError, isDatabaseUnavailable } from '../http/errors';
import type { Database, RawClient } from './client';

/** After the replica failed to answer, the reads stay off it this long before it is tried again. */
export const REPLICA_RETRY_MS = 5000;

export const REPLICA_UNAVAILABLE_MESSAGE =
  'Rapports momentanément indisponibles : la base de lecture (réplique) ne répond pas. Les ventes continuent ; réessayez dans quelques instants.';

export interface ReplicaReadsOptions {
  /** 'primary': read the primary while the replica is down; 'none': answer 503 (config REPORTS_FALLBACK). */
  fallback: 'primary' | 'none';
  retryMs?: number;
  /** Told when the reads leave the replica (with why) and when they come back to it. */
  onSwitch?: (to: 'primary' | 'replica' | 'unavailable', err?: unknown) => void;
  now?: () => number;
}

/**
 * The reports' database (REPORTS_DATABASE_URL) with a deliberate answer to the replica going away
 * (stopped, restarting, network cut): its outage — a connection error, never a statement's own error —
 * sends the read to the primary (or answers 503 with a French message when the fallback is 'none'), and
 * the replica is left alone for `retryMs` before the next read tries it again. Reads only: a read cut
 * short on the replica runs again whole on the primary. Locks and writes are the primary's.
 */
export function replicaReads(replica: Database, primary: Database, opts: ReplicaReadsOptions): Database {
  const retryMs = opts.retryMs ?? REPLICA_RETRY_MS;
  const now = opts.now ?? Date.now;
  let downUntil = 0;
  let down = false;
  const unavailable = (cause?: unknown) => {
    const e = new AppError(503, 'UNAVAILABLE', REPLICA_UNAVAILABLE_MESSAGE);
    if (cause !== undefined) (e as { cause?: unknown }).cause = cause;
    return e;
  };
  async function read<T>(op: (db: Database) => Promise<T>): Promise<T> {
    if (now() < downUntil) {
      if (opts.fallback === 'none') throw unavailable();
      return op(primary);
    }
    try {
      const result = await op(replica);
      if (down) {
        down = false;
        opts.onSwitch?.('replica');
      }
      return result;
    } catch (err) {
      if (isRecoveryConflict(err)) {
        // The standby cancelled this read (replay of a vacuum, a lock): the replica is not down, the
        // read is run again on the primary (or refused, 503, when the primary must not serve reports).
        if (opts.fallback === 'none') throw unavailable(err);
        return op(primary);
      }
      if (!isDatabaseUnavailable(err)) throw err;
      downUntil = now() + retryMs;
      down = true;
      opts.onSwitch?.(opts.fallback === 'none' ? 'unavailable' : 'primary', err);
      if (opts.fallback === 'none') throw unavailable(err);
      return op(primary);
    }
  }
  const raw: RawClient = {
    query: (text, params, name) => read((db) => db.raw.query(text, params, name)),
    exec: (text) => read((db) => db.raw.exec(text)),
  };
  return {
    kind: replica.kind,
    raw,
    transaction: (fn) => read((db) => db.transaction(fn)),
    withLock: (key, fn) => primary.withLock(key, fn),
    close: () => replica.close(),
  };
}

/** A hot standby's cancellation of a read that conflicts with the replay (40001 / 40P01 / 57P04). */
function isRecoveryConflict(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return (
    typeof e?.message === 'string' &&
    /due to conflict with recovery/.test(e.message) &&
    (e.code === '40001' || e.code === '40P01' || e.code === '57P04')
  );
}
