/**
 * The ticket being typed (the draft) and the sale it becomes: totals, the free mariages it will earn,
 * and the idempotency key, which is KEPT while the content is unchanged so that a retry after a
 * network error answers the same ticket (never a second one).
 */
import type { PosConfig, SaleInput } from '@borlette/shared/contracts/sale';
import type { Bet } from '@borlette/shared/game/bets';
import { freePairsForAmount } from '@borlette/shared/game/free-pairs';

export interface DraftLine {
  /** Stable within the draft (React keys, highlighting a refused line). */
  id: number;
  bet: Bet;
}

export interface PendingKey {
  key: string;
  /** The content the key was made for (saleSignature). */
  signature: string;
  /**
   * Sent and not answered (set before the request leaves, kept across a reload): the sale's fate is
   * unknown until a retry with the same key answers or the agent confirms it did not go through.
   * The exact body and the lines it carried, so that a retry resends exactly them.
   */
  unsettled?: UnsettledSale;
}

export interface UnsettledSale {
  sale: SaleInput;
  lineIds: number[];
  /** When it was first sent (ms since epoch). */
  sentAt: number;
}

export interface Draft {
  lines: DraftLine[];
  tirages: number[];
  nextId: number;
  /** Set when « Vendre » is pressed; cleared by a success or a change of content. */
  pending: PendingKey | null;
}

export const EMPTY_DRAFT: Draft = { lines: [], tirages: [], nextId: 1, pending: null };

/** Sum of the stakes: the amount played on each draw (centimes). */
export function perDrawAmount(lines: readonly DraftLine[]): number {
  return lines.reduce((sum, l) => sum + l.bet.stake, 0);
}

/** What the customer pays: stakes × number of draws. */
export function ticketTotal(lines: readonly DraftLine[], drawCount: number): number {
  return perDrawAmount(lines) * drawCount;
}

/** Free mariages each draw of the ticket will earn (the server draws them; this is the preview). */
export function freeMariagesPerDraw(amount: number, intervals: PosConfig['intervals']): number {
  if (amount <= 0) return 0;
  return freePairsForAmount(
    amount,
    intervals.map((i) => ({ min: i.min_amount, max: i.max_amount, count: i.count })),
  );
}

export function addBets(draft: Draft, bets: readonly Bet[]): Draft {
  if (bets.length === 0) return draft;
  const lines = [...draft.lines, ...bets.map((bet, i) => ({ id: draft.nextId + i, bet }))];
  return { ...draft, lines, nextId: draft.nextId + bets.length };
}

/** Replaces the line `id` by `bets` (editing a line; several bets if the agent typed several). */
export function replaceLine(draft: Draft, id: number, bets: readonly Bet[]): Draft {
  const at = draft.lines.findIndex((l) => l.id === id);
  if (at < 0) return addBets(draft, bets);
  const added = bets.map((bet, i) => ({ id: draft.nextId + i, bet }));
  const lines = [...draft.lines.slice(0, at), ...added, ...draft.lines.slice(at + 1)];
  return { ...draft, lines, nextId: draft.nextId + bets.length };
}

export function removeLine(draft: Draft, id: number): Draft {
  return { ...draft, lines: draft.lines.filter((l) => l.id !== id) };
}

export function toggleTirage(draft: Draft, id: number): Draft {
  const tirages = draft.tirages.includes(id) ? draft.tirages.filter((t) => t !== id) : [...draft.tirages, id];
  return { ...draft, tirages };
}

/** Keeps only the draws still offered and open (a draw that closed leaves the selection). */
export function keepTirages(draft: Draft, openIds: ReadonlySet<number>): Draft {
  const tirages = draft.tirages.filter((t) => openIds.has(t));
  return tirages.length === draft.tirages.length ? draft : { ...draft, tirages };
}

/**
 * After a sale: the lines sold go (a line typed while the sale was on its way stays), the chosen
 * draws stay (the next customer usually plays the same), the key is spent.
 */
export function afterSale(draft: Draft, sold: readonly DraftLine[]): Draft {
  const ids = new Set(sold.map((l) => l.id));
  return { ...draft, lines: draft.lines.filter((l) => !ids.has(l.id)), pending: null };
}

/** The content of a sale, independent of order of draws: same signature = same sale. */
export function saleSignature(tirages: readonly number[], lines: readonly DraftLine[]): string {
  const draws = [...new Set(tirages)].sort((a, b) => a - b);
  return JSON.stringify([draws, lines.map((l) => [l.bet.code, l.bet.number, l.bet.stake])]);
}

/** The key to send: the pending one if the content is unchanged, a new one otherwise. */
export function saleKeyFor(pending: PendingKey | null, signature: string, makeKey: () => string): PendingKey {
  return pending && pending.signature === signature ? pending : { key: makeKey(), signature };
}

/** A UUID without dashes would also do; the contract accepts [A-Za-z0-9_-]{8,64}. */
export function newSaleKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The body of POST /api/agents/fiches. */
export function buildSale(key: string, tirages: readonly number[], lines: readonly DraftLine[]): SaleInput {
  return {
    idempotency_key: key,
    tirages: [...new Set(tirages)].sort((a, b) => a - b),
    lines: lines.map((l) => ({
      code: l.bet.code as SaleInput['lines'][number]['code'],
      number: l.bet.number,
      stake: l.bet.stake,
    })),
  };
}

/** `fields['lines.<i>']` of a refused sale -> the ids of the draft lines to highlight, with their message. */
export function refusedLines(
  fields: Record<string, string> | undefined,
  sent: readonly DraftLine[],
): Map<number, string> {
  const out = new Map<number, string>();
  for (const [name, message] of Object.entries(fields ?? {})) {
    const m = /^lines\.(\d+)(?:\.|$)/.exec(name);
    const line = m ? sent[Number(m[1])] : undefined;
    if (line && !out.has(line.id)) out.set(line.id, message);
  }
  return out;
}

/** A stored draft is only trusted if it has the right shape (it comes from localStorage). */
export function reviveDraft(value: unknown): Draft | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<Draft>;
  if (!Array.isArray(v.lines) || !Array.isArray(v.tirages) || typeof v.nextId !== 'number') return null;
  const lines = v.lines.filter(
    (l): l is DraftLine =>
      !!l &&
      typeof l.id === 'number' &&
      !!l.bet &&
      typeof l.bet.code === 'number' &&
      typeof l.bet.number === 'string' &&
      Number.isSafeInteger(l.bet.stake) &&
      l.bet.stake > 0,
  );
  const tirages = v.tirages.filter((t): t is number => Number.isSafeInteger(t));
  const p = v.pending;
  const pending =
    p && typeof p.key === 'string' && typeof p.signature === 'string'
      ? { key: p.key, signature: p.signature, ...reviveUnsettled(p.unsettled, p.key) }
      : null;
  const nextId = Math.max(v.nextId, ...lines.map((l) => l.id + 1), 1);
  return { lines, tirages, nextId, pending };
}

/** The unsettled part of a stored pending key: kept only if whole and for the same key. */
function reviveUnsettled(value: unknown, key: string): { unsettled?: UnsettledSale } {
  const u = value as Partial<UnsettledSale> | undefined;
  const sale = u?.sale as Partial<SaleInput> | undefined;
  if (
    !u ||
    !sale ||
    sale.idempotency_key !== key ||
    !Array.isArray(sale.tirages) ||
    !Array.isArray(sale.lines) ||
    !Array.isArray(u.lineIds) ||
    typeof u.sentAt !== 'number'
  )
    return {};
  return { unsettled: { sale: sale as SaleInput, lineIds: u.lineIds.filter(Number.isSafeInteger), sentAt: u.sentAt } };
}
