/**
 * A sale on a network that drops (issue 18 §5), the pure part: when an attempt counts as lost, how
 * long to wait before the next, and what the draft keeps meanwhile. The rule: a sale sent and not
 * answered keeps its idempotency key and exact body (ticket.ts `PendingKey.unsettled`); every retry
 * resends them, so the server answers the same ticket (`replayed: true`), never a second one.
 */
import type { BetCode } from '@borlette/shared/game/bets';
import { buildSale, type Draft, type DraftLine, saleKeyFor, saleSignature, type UnsettledSale } from './ticket';

/**
 * How long one attempt waits for its answer. The sale answers in well under a second on a good line;
 * 15 s leaves room for a slow 2G/3G counter without leaving the agent staring at a spinner forever.
 */
export const SALE_TIMEOUT_MS = 15_000;

/** Attempts in all: the first send and four automatic retries (« Nouvel essai 2/5 »…). */
export const SALE_ATTEMPTS = 5;

/** The wait before attempt 2, 3, 4, 5 (a short backoff: the customer is at the counter). */
export const RETRY_DELAYS_MS = [1_000, 2_000, 3_000, 5_000] as const;

/** The wait after the failed attempt `attempt` (1-based) before the next one. */
export function retryDelay(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempt, 1), RETRY_DELAYS_MS.length) - 1];
}

/**
 * Whether an answer settles the sale's fate. No answer (status 0: dropped, timed out, offline) and a
 * gateway's 502/503/504 or a 408/429 say nothing of whether the server sold it: the attempt is lost
 * and is retried with the same key. Any other status is the server's answer (a refusal: nothing sold).
 */
export function isLostAttempt(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status === 502 || status === 503 || status === 504;
}

export type BeginSale =
  | { ok: true; draft: Draft; unsettled: UnsettledSale }
  | { ok: false; reason: 'unsettledOther' | 'empty' };

/**
 * « Vendre »: the body to send and the draft that remembers it before it leaves. A sale still
 * unsettled is resent as it was (same key, same body) whatever the draft shows now; while it is
 * unsettled a different ticket cannot be sold — it might be the second ticket of one customer.
 */
export function beginSale(draft: Draft, now: number, makeKey: () => string): BeginSale {
  const signature = saleSignature(draft.tirages, draft.lines);
  const p = draft.pending;
  if (p?.unsettled) {
    if (p.signature !== signature && !retriesSameSale(draft)) return { ok: false, reason: 'unsettledOther' };
    return { ok: true, draft, unsettled: p.unsettled };
  }
  if (draft.lines.length === 0 || draft.tirages.length === 0) return { ok: false, reason: 'empty' };
  const pending = saleKeyFor(p, signature, makeKey);
  const unsettled: UnsettledSale = {
    sale: buildSale(pending.key, draft.tirages, draft.lines),
    lineIds: draft.lines.map((l) => l.id),
    sentAt: now,
  };
  return { ok: true, draft: { ...draft, pending: { ...pending, unsettled } }, unsettled };
}

/** The draft holds an unsettled sale that is not the ticket on screen: « Vendre » must not make another. */
export function blockedByUnsettled(draft: Draft): boolean {
  const p = draft.pending;
  return !!p?.unsettled && p.signature !== saleSignature(draft.tirages, draft.lines) && !retriesSameSale(draft);
}

/** The draft shows exactly the lines of the unsettled sale (draws may have closed since): a resend, not a new sale. */
function retriesSameSale(draft: Draft): boolean {
  const u = draft.pending?.unsettled;
  if (!u) return false;
  const ids = draft.lines.map((l) => l.id);
  return ids.length === u.lineIds.length && ids.every((id, i) => id === u.lineIds[i]);
}

/** The server sold it (first time or replayed): the lines it carried leave the draft, the key is spent. */
export function settleSold(draft: Draft, sent: UnsettledSale): Draft {
  const ids = new Set(sent.lineIds);
  return { ...draft, lines: draft.lines.filter((l) => !ids.has(l.id)), pending: null };
}

/** The server answered a refusal: nothing was sold, the ticket stays to be fixed (same content, same key). */
export function settleRefused(draft: Draft): Draft {
  if (!draft.pending?.unsettled) return draft;
  const { unsettled: _, ...pending } = draft.pending;
  return { ...draft, pending };
}

/** The agent confirms the sale did not go through: the key is dropped, the lines stay to be sold again. */
export function abandonSale(draft: Draft): Draft {
  return draft.pending ? { ...draft, pending: null } : draft;
}

/** The lines an unsettled sale carried, in the body's order (a refusal's `lines.<i>` points into it). */
export function sentLines(sent: UnsettledSale): DraftLine[] {
  return sent.sale.lines.map((l, i) => ({
    id: sent.lineIds[i] ?? -1 - i,
    bet: { code: l.code as BetCode, number: l.number, stake: Number(l.stake) },
  }));
}

/** What the unsettled sale costs the customer (stakes × draws, centimes), to name it to the agent. */
export function unsettledTotal(sent: UnsettledSale): number {
  return sent.sale.lines.reduce((sum, l) => sum + Number(l.stake), 0) * sent.sale.tirages.length;
}
