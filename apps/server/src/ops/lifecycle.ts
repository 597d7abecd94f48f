import type { Database } from '../db/client';

/**
 * The instance is shutting down (SIGTERM received): readiness answers 503 so a load balancer stops
 * sending it traffic while in-flight requests finish. Keyed by the database the app was built with, so
 * several apps in one process (tests) do not share the flag.
 */
const draining = new WeakSet<Database>();

export function markDraining(database: Database) {
  draining.add(database);
}

export function isDraining(database: Database): boolean {
  return draining.has(database);
}
