/**
 * The idempotency key of a write: made once and KEPT while the same content is retried (a click that
 * timed out, a double click), so the server answers the entry it made instead of posting twice; a new
 * content gets a new key (the server refuses a key reused for another content). Forgotten on success.
 */
export interface PendingKey {
  key: string;
  signature: string;
}

/** The key to send: the pending one if the content is unchanged, a new one otherwise. */
export function keyFor(pending: PendingKey | null, signature: string, makeKey: () => string): PendingKey {
  return pending && pending.signature === signature ? pending : { key: makeKey(), signature };
}

/** A UUID (the contract accepts [A-Za-z0-9_-]{8,64}). */
export function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A content's signature: its fields in a fixed order (undefined and null alike). */
export function signatureOf(fields: Record<string, string | number | boolean | null | undefined>): string {
  return JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((k) => [k, fields[k] ?? null]),
  );
}
