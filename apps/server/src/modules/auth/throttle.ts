import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { execute, oneRow, rows, sql } from '../../db/sql';
import { AppError } from '../../http/errors';

/**
 * Password-guess throttling, kept in the database so that every instance sees the same counts.
 * An attempt is RESERVED (a row, by borlette_login_reserve under advisory locks, migration 0010) before
 * the password is hashed, and refused when its window is full: parallel guesses cannot all be checked.
 *
 * Sign-in (kind 'login'), within 15 minutes, counting the attempts not known to have succeeded:
 * - 10 per username from one address: an attacker's address cannot lock the owner's other addresses;
 * - 50 per address for every username (shops share an address, so higher);
 * - 100 per username from every address (stops distributed guessing), waived at an address where this
 *   username last signed in successfully, so the owner keeps its own shop.
 * From the 4th failure of (username, address) the answer waits 250 ms, doubling, 4 s at most.
 * A success clears that address's failures for that username; an admin's unlock clears them all.
 * The account form's current password (kind 'current_password'): 10 per user from every address.
 */
export const THROTTLE = {
  windowMinutes: 15,
  slowAfter: 3,
  maxPerUserAddress: 10,
  maxPerAddress: 50,
  maxPerUser: 100,
  maxDelayMs: 4000,
  maxCurrentPassword: 10,
};

export type AttemptKind = 'login' | 'current_password';

export interface Reservation {
  id: number;
  /** Failures (or checks under way) of this username from this address before this attempt. */
  failuresBefore: number;
}

const LIMITS: Record<AttemptKind, [perUserAddress: number | null, perUser: number, perAddress: number | null]> = {
  login: [THROTTLE.maxPerUserAddress, THROTTLE.maxPerUser, THROTTLE.maxPerAddress],
  current_password: [null, THROTTLE.maxCurrentPassword, null],
};

const REFUSED: Record<AttemptKind, string> = {
  login: `Trop de tentatives de connexion échouées. Réessayez dans ${THROTTLE.windowMinutes} minutes ou contactez l’administration.`,
  current_password: `Trop d’essais du mot de passe actuel. Réessayez dans ${THROTTLE.windowMinutes} minutes.`,
};

const reserveRow = z.object({
  attempt_id: z.union([z.number(), z.bigint()]).nullable(),
  user_ip_failures: z.number(),
  refused: z.string().nullable(),
});

/** Reserves one password check for `username` (lower-cased) from `ip`, or refuses it with 429. */
export async function reserveAttempt(
  raw: RawClient,
  kind: AttemptKind,
  username: string,
  ip: string,
): Promise<Reservation> {
  const [perUserAddress, perUser, perAddress] = LIMITS[kind];
  const row = await oneRow(
    raw,
    reserveRow,
    sql`SELECT attempt_id, user_ip_failures, refused
          FROM borlette_login_reserve(${kind}, ${username}, ${ip}, ${THROTTLE.windowMinutes}, ${perUserAddress}, ${perUser}, ${perAddress})`,
  );
  if (row.refused || row.attempt_id === null) {
    const fields =
      kind === 'current_password'
        ? { current_password: `Trop d’essais. Réessayez dans ${THROTTLE.windowMinutes} minutes.` }
        : undefined;
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', REFUSED[kind], fields);
  }
  return { id: Number(row.attempt_id), failuresBefore: row.user_ip_failures };
}

/** How long to wait before checking, from the failures of (username, address) before this attempt. */
export function throttleDelay(failuresBefore: number): number {
  if (failuresBefore < THROTTLE.slowAfter) return 0;
  return Math.min(THROTTLE.maxDelayMs, 250 * 2 ** (failuresBefore - THROTTLE.slowAfter));
}

/**
 * Marks the reserved attempt. A success clears that address's failures for that username (and its
 * older successes: the latest one is what marks the address as the owner's).
 */
export async function finishAttempt(
  raw: RawClient,
  kind: AttemptKind,
  reservation: Reservation,
  username: string,
  ip: string,
  success: boolean,
) {
  await execute(raw, sql`UPDATE login_attempts SET success = ${success} WHERE id = ${reservation.id}`);
  if (success) {
    await execute(
      raw,
      sql`DELETE FROM login_attempts
           WHERE kind = ${kind} AND username = ${username} AND ip = ${ip} AND id <> ${reservation.id} AND success IS NOT NULL`,
    );
  }
  // Keep the table small: failures older than a day serve no purpose, successes after 30 days neither.
  if (Math.random() < 0.01) {
    await execute(
      raw,
      sql`DELETE FROM login_attempts
           WHERE at < now() - interval '30 days' OR (success IS NOT TRUE AND at < now() - interval '1 day')`,
    );
  }
}

/** An admin's unlock: every failure (and check under way) of this username, from every address. Returns how many. */
export async function clearFailures(raw: RawClient, username: string): Promise<number> {
  const cleared = await rows(
    raw,
    z.object({ id: z.number() }),
    sql`DELETE FROM login_attempts WHERE username = lower(${username}) AND success IS NOT TRUE RETURNING id`,
  );
  return cleared.length;
}
