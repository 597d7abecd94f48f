import type { Bet, BetCode } from '@borlette/shared/game/bets';
import { describe, expect, it } from 'vitest';
import {
  abandonSale,
  beginSale,
  blockedByUnsettled,
  isLostAttempt,
  RETRY_DELAYS_MS,
  retryDelay,
  SALE_ATTEMPTS,
  sentLines,
  settleRefused,
  settleSold,
  unsettledTotal,
} from './sale-submission';
import { addBets, type Draft, EMPTY_DRAFT, refusedLines, removeLine, reviveDraft, toggleTirage } from './ticket';

const b = (number: string, stake: number, code = 20): Bet => ({ code: code as BetCode, number, stake });
const keys = () => {
  let n = 0;
  return () => `key-${++n}-abcdef`;
};

function draft(): Draft {
  return toggleTirage(toggleTirage(addBets(EMPTY_DRAFT, [b('23', 1000), b('12*34', 500, 40)]), 7), 3);
}

function begin(d: Draft, makeKey = keys()) {
  const r = beginSale(d, 1_000, makeKey);
  if (!r.ok) throw new Error(r.reason);
  return r;
}

describe('a sale on a network that drops', () => {
  it('retries only what says nothing of the sale: no answer, a gateway, a timeout', () => {
    for (const s of [0, 408, 429, 502, 503, 504]) expect(isLostAttempt(s)).toBe(true);
    for (const s of [200, 400, 401, 403, 404, 409, 422, 500]) expect(isLostAttempt(s)).toBe(false);
  });

  it('backs off between the five attempts, and never waits longer than the last delay', () => {
    expect(SALE_ATTEMPTS).toBe(RETRY_DELAYS_MS.length + 1);
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([...RETRY_DELAYS_MS]);
    expect(retryDelay(9)).toBe(RETRY_DELAYS_MS.at(-1));
    expect(retryDelay(0)).toBe(RETRY_DELAYS_MS[0]);
  });

  it('remembers the key and the exact body before the sale leaves, and resends them unchanged', () => {
    const first = begin(draft());
    expect(first.unsettled.sale.idempotency_key).toBe(first.draft.pending?.key);
    expect(first.unsettled.sale.tirages).toEqual([3, 7]);
    expect(first.unsettled.lineIds).toEqual([1, 2]);
    const again = begin(first.draft, () => 'another-key-x');
    expect(again.unsettled).toBe(first.unsettled);
    expect(unsettledTotal(first.unsettled)).toBe(3000);
  });

  it('refuses a different ticket while one is unsettled, and lets the same one be resent', () => {
    const { draft: sent } = begin(draft());
    expect(blockedByUnsettled(sent)).toBe(false);
    const changed = addBets(sent, [b('45', 100)]);
    expect(blockedByUnsettled(changed)).toBe(true);
    expect(beginSale(changed, 2_000, keys())).toEqual({ ok: false, reason: 'unsettledOther' });
    // A draw that closed meanwhile leaves the draft: the same lines are still the same sale.
    const drawGone = toggleTirage(sent, 7);
    expect(blockedByUnsettled(drawGone)).toBe(false);
    expect(begin(drawGone).unsettled.sale.tirages).toEqual([3, 7]);
  });

  it('a sold (or replayed) sale removes the lines it carried and spends the key', () => {
    const { draft: sent, unsettled } = begin(draft());
    const typedMeanwhile = addBets(sent, [b('45', 100)]);
    const after = settleSold(typedMeanwhile, unsettled);
    expect(after.pending).toBeNull();
    expect(after.lines.map((l) => l.bet.number)).toEqual(['45']);
    expect(after.tirages).toEqual([7, 3]);
  });

  it('a refusal settles it as not sold: the lines stay, the same content keeps its key', () => {
    const { draft: sent } = begin(draft());
    const refused = settleRefused(sent);
    expect(refused.pending?.unsettled).toBeUndefined();
    expect(refused.lines).toHaveLength(2);
    expect(blockedByUnsettled(addBets(refused, [b('45', 100)]))).toBe(false);
    expect(begin(refused).unsettled.sale.idempotency_key).toBe(sent.pending?.key);
  });

  it('the agent’s confirmation drops the key; the next sale gets a new one', () => {
    const { draft: sent } = begin(draft());
    const dropped = abandonSale(sent);
    expect(dropped.pending).toBeNull();
    expect(dropped.lines).toHaveLength(2);
    expect(begin(dropped, () => 'fresh-key-123').unsettled.sale.idempotency_key).toBe('fresh-key-123');
  });

  it('points a refusal at the lines sent, even if the draft changed since', () => {
    const { draft: sent, unsettled } = begin(draft());
    removeLine(sent, 1);
    expect(refusedLines({ 'lines.1.number': 'non' }, sentLines(unsettled))).toEqual(new Map([[2, 'non']]));
  });

  it('an unsettled sale survives a reload (localStorage), and a forged one does not', () => {
    const { draft: sent } = begin(draft());
    const revived = reviveDraft(JSON.parse(JSON.stringify(sent)));
    expect(revived?.pending).toEqual(sent.pending);
    expect(blockedByUnsettled(addBets(revived as Draft, [b('45', 100)]))).toBe(true);
    const forged = JSON.parse(JSON.stringify(sent));
    forged.pending.unsettled.sale.idempotency_key = 'other-key-1';
    expect(reviveDraft(forged)?.pending?.unsettled).toBeUndefined();
  });

  it('nothing to sell: no key is made', () => {
    expect(beginSale(EMPTY_DRAFT, 0, keys())).toEqual({ ok: false, reason: 'empty' });
  });
});
