import { posEndpoints } from '@borlette/shared/contracts/pos';
import type { SaleCheckAnswer } from '@borlette/shared/contracts/sale';
import { useEffect, useMemo, useState } from 'react';
import { posCall } from '../../api/pos-client';
import { buildSale, type Draft, type DraftLine, saleSignature } from '../../lib/ticket';

/** After the last change: one request per pause in typing, not one per key. */
export const LIVE_CHECK_DELAY_MS = 300;

/** What the check says of one draft line: its problems, and what remains under the limits per draw. */
export interface LineCheck {
  problems: { code: string; message: string }[];
  /** Only draws where a limit applies (remaining null = no limit: not shown). */
  remaining: { tirageId: number; amount: number }[];
  /** How many draws the ticket has (one: the draw need not be named). */
  draws: number;
}

export interface LiveCheck {
  /** By draft line id. */
  byLine: Map<number, LineCheck>;
  /** Problems of the whole ticket or of a draw (closed draw, ticket limit, maximum payout…). */
  ticket: string[];
}

const NONE: LiveCheck = { byLine: new Map(), ticket: [] };

/** The check's answer read against the lines it was asked for (its `line` is their 1-based position). */
export function readCheck(answer: SaleCheckAnswer, lines: readonly DraftLine[]): LiveCheck {
  const byLine = new Map<number, LineCheck>();
  const draws = new Set(answer.cells.map((c) => c.tirage_id)).size;
  lines.forEach((l) => {
    byLine.set(l.id, { problems: [], remaining: [], draws });
  });
  const ticket: string[] = [];
  for (const p of answer.problems) {
    const line = p.line !== undefined ? lines[p.line - 1] : undefined;
    if (line) byLine.get(line.id)?.problems.push({ code: p.code, message: p.message });
    else ticket.push(p.message);
  }
  for (const cell of answer.cells) {
    const line = lines[cell.line - 1];
    if (line && cell.remaining !== null)
      byLine.get(line.id)?.remaining.push({ tirageId: cell.tirage_id, amount: cell.remaining });
  }
  return { byLine, ticket };
}

/**
 * The live check while typing (issue 18): whenever the lines or the draws change, after a short pause,
 * POST /api/agents/fiches/check with the ticket as it would be sold, aborting the previous request; the
 * answer says beside each line what the sale would refuse, or what remains under the limits. Its own
 * failures are silent (nothing shown): the sale stays the authority.
 */
export function useLiveCheck(draft: Pick<Draft, 'lines' | 'tirages'>, enabled = true): LiveCheck {
  const { lines, tirages } = draft;
  const signature = useMemo(() => saleSignature(tirages, lines), [tirages, lines]);
  const [result, setResult] = useState<{ signature: string; answer: SaleCheckAnswer } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for lines and draws.
  useEffect(() => {
    if (!enabled || lines.length === 0 || tirages.length === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const { idempotency_key: _key, ...body } = buildSale('', tirages, lines);
      posCall(posEndpoints.check, body, { signal: controller.signal }).then(
        (answer) => {
          if (!controller.signal.aborted) setResult({ signature, answer });
        },
        () => undefined,
      );
    }, LIVE_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [signature, enabled]);
  // An answer for another content than the one shown is never used (same signature: same lines in order).
  const answer = result && result.signature === signature && enabled ? result.answer : null;
  return useMemo(() => (answer ? readCheck(answer, lines) : NONE), [answer, lines]);
}
