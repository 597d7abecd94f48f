/**
 * The advisory lock keys (first key: a namespace, second: an id in it where there is one), named so
 * that no two uses collide. The draws' and the sign-in's namespaces are taken in SQL only (db/functions:
 * borlette_lock_draws, borlette_login_reserve); lock-keys.unit.test.ts ties the SQL's literals to these.
 */
export const LOCK_KEYS = {
  /** migrate.ts: N instances starting together migrate once. */
  migrate: 727_001,
  /** setup.ts: the demo seed runs once. */
  seed: 727_002,
  /** A draw's lock: borlette_lock_draws(ids, exclusive) in SQL, never this literal in TypeScript. */
  draws: 727_100,
  /** An agent's back-office ledger writes (wallet.service.ts), keyed by the agent's id. */
  wallet: 727_200,
  /** borlette_login_reserve: one username's attempts, then one address's. */
  loginUser: 1517,
  loginIp: 1518,
} as const;
