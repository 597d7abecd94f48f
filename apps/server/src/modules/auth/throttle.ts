import type { RawClient } from '../../db/client';
import { AppError } from '../../http/errors';

/**
 * Sign-in throttling, kept in the database so that every instance sees the same counts.
 * Failures for one username since its last success (within the window) slow the answer, then refuse it;
 * failures from one address refuse past a higher bar (many agents may share a shop's address).
 * A user's success is never slowed by other usernames' failures.
 */
export const THROTTLE = {
  windowMinutes: 15,
  slowAfter: 3,
  refuseAfterUser: 10,
  refuseAfterIp: 50,
  maxDelayMs: 4000,
};

export interface ThrottleState {
  userFailures: number;
  ipFailures: number;
}

export async function throttleState(raw: RawClient, username: string, ip: string): Promise<ThrottleState> {
  const rows = await raw.query<{ user_failures: number; ip_failures: number }>(
    `WITH w AS (SELECT now() - make_interval(mins => $3::int) AS since),
          last_ok AS (
            SELECT max(at) AS at FROM login_attempts, w
             WHERE username = $1 AND success AND at > w.since)
     SELECT
       (SELECT count(*)::int FROM login_attempts a, w, last_ok
         WHERE a.username = $1 AND NOT a.success AND a.at > greatest(w.since, coalesce(last_ok.at, w.since))) AS user_failures,
       (SELECT count(*)::int FROM login_attempts a, w
         WHERE a.ip = $2 AND NOT a.success AND a.at > w.since) AS ip_failures`,
    [username, ip, THROTTLE.windowMinutes],
  );
  return { userFailures: rows[0].user_failures, ipFailures: rows[0].ip_failures };
}

/** Refuses (429) or returns how long to wait before answering. */
export function throttleDecision(state: ThrottleState): number {
  if (state.userFailures >= THROTTLE.refuseAfterUser || state.ipFailures >= THROTTLE.refuseAfterIp) {
    throw new AppError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Trop de tentatives de connexion échouées. Réessayez dans ${THROTTLE.windowMinutes} minutes ou contactez l’administration.`,
    );
  }
  if (state.userFailures < THROTTLE.slowAfter) return 0;
  return Math.min(THROTTLE.maxDelayMs, 250 * 2 ** (state.userFailures - THROTTLE.slowAfter));
}

export async function recordAttempt(raw: RawClient, username: string, ip: string, success: boolean) {
  await raw.query('INSERT INTO login_attempts (username, ip, success) VALUES ($1, $2, $3)', [username, ip, success]);
  // Keep the table small: attempts older than a day serve no purpose.
  if (Math.random() < 0.01) {
    await raw.query("DELETE FROM login_attempts WHERE at < now() - interval '1 day'");
  }
}
