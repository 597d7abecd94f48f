import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DraftLine } from '../../lib/ticket';
import { LIVE_CHECK_DELAY_MS, useLiveCheck } from './use-live-check';

const line = (id: number, number: string, stake = 1000): DraftLine => ({ id, bet: { code: 20, number, stake } });

/** The check endpoint stubbed: every request's body and signal kept; answers as `reply` says. */
function stubCheck(reply: (body: { lines: { number: string }[] }) => { status: number; body: unknown }) {
  const calls: { body: { tirages: number[]; lines: { number: string }[] }; signal?: AbortSignal | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      calls.push({ body, signal: init?.signal });
      const { status, body: answer } = reply(body);
      return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

const answer = (lines: { number: string }[]) => ({
  ok: false,
  problems: [
    { code: 'LIMIT_EXCEEDED', message: `Ligne 1 : ${lines[0].number} : maximum 5,00 HTG`, line: 1, tirage_id: 7 },
  ],
  cells: lines.map((_, i) => ({ line: i + 1, tirage_id: 7, remaining: 500, problems: [] })),
  total: 1000,
  payout: 50000,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useLiveCheck', () => {
  it('sends one request per pause in typing, with the last content, and reads it per line', async () => {
    const calls = stubCheck((b) => ({ status: 200, body: answer(b.lines) }));
    const { result, rerender } = renderHook(({ lines }) => useLiveCheck({ lines, tirages: [7] }), {
      initialProps: { lines: [line(1, '11')] },
    });
    rerender({ lines: [line(1, '12')] });
    rerender({ lines: [line(1, '13')] });
    await waitFor(() => expect(result.current.byLine.get(1)?.problems).toHaveLength(1));
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ tirages: [7], lines: [{ code: 20, number: '13', stake: 1000 }] });
    expect(result.current.byLine.get(1)).toEqual({
      problems: [{ code: 'LIMIT_EXCEEDED', message: 'Ligne 1 : 13 : maximum 5,00 HTG' }],
      remaining: [{ tirageId: 7, amount: 500 }],
      draws: 1,
    });
    // A new content: the old answer is not shown for it.
    rerender({ lines: [line(1, '14')] });
    expect(result.current.byLine.size).toBe(0);
  });

  it('aborts the request of a content that changed while it was under way', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
        const signal = init?.signal as AbortSignal;
        signals.push(signal);
        const body = JSON.parse(String(init?.body));
        // The first request never answers by itself: only its abort ends it.
        if (signals.length === 1)
          return new Promise<Response>((_, reject) =>
            signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          );
        return Promise.resolve(
          new Response(JSON.stringify(answer(body.lines)), { headers: { 'Content-Type': 'application/json' } }),
        );
      }),
    );
    const { result, rerender } = renderHook(({ lines }) => useLiveCheck({ lines, tirages: [7] }), {
      initialProps: { lines: [line(1, '21')] },
    });
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0].aborted).toBe(false);
    rerender({ lines: [line(1, '22')] });
    expect(signals[0].aborted).toBe(true);
    await waitFor(() =>
      expect(result.current.byLine.get(1)?.problems[0]?.message).toBe('Ligne 1 : 22 : maximum 5,00 HTG'),
    );
    expect(signals).toHaveLength(2);
  });

  it('says nothing when the check itself fails, and asks nothing without lines or draws', async () => {
    const calls = stubCheck(() => ({ status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Erreur' } }));
    const { result, rerender } = renderHook(({ lines, tirages }) => useLiveCheck({ lines, tirages }), {
      initialProps: { lines: [line(1, '31')], tirages: [7] },
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current).toEqual({ byLine: new Map(), ticket: [] });
    rerender({ lines: [], tirages: [7] });
    rerender({ lines: [line(1, '32')], tirages: [] });
    await new Promise((r) => setTimeout(r, LIVE_CHECK_DELAY_MS + 100));
    expect(calls).toHaveLength(1);
  });
});
