/**
 * Sessions remembered by this instance for the routes whose engine function checks the session
 * again in its own statement (issue 19: the sale, `borlette_sell`: the session not revoked nor
 * expired, the agent, its company and sub-branch active, its device approved). For those routes the
 * session's round trip is only who the caller says it is, and a remembered answer is as good as a
 * fresh one: a sign-out, a block or a revocation on any instance is refused by the engine at once.
 *
 * Keyed by the token's hash (no token kept in memory); only agents' sessions; an entry serves at
 * most TTL_MS, so the session's last_seen_at is still refreshed by the lookups that miss; at most MAX
 * entries, the oldest dropped first.
 */
const TTL_MS = 60_000;
const MAX = 20_000;

/** Generic over the session's shape (auth.ts's AuthContext) so that auth.ts alone imports the other. */
export class SessionCache<S extends { role: string }> {
  private readonly entries = new Map<string, { auth: S; at: number }>();

  constructor(
    private readonly ttlMs = TTL_MS,
    private readonly max = MAX,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string, now = Date.now()): S | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.at >= this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.auth;
  }

  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  set(tokenHash: string, auth: S, now = Date.now()): void {
    if (auth.role !== 'agent') return;
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { auth, at: now });
  }
}
