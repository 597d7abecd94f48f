import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RawClient } from '../../src/db/client';
import { type Fixtures, LIMITED_BALL } from '../fixtures/crash.fixtures';
import { request, type ServerProcess, sleep } from './server-process';

/**
 * The sales side of the crash test: random tickets, agents selling until the server is killed (every
 * answer written to a journal), and the check of the database against that journal.
 */
export interface SaleBody {
  idempotency_key: string;
  tirages: number[];
  lines: { code: number; number: string; stake: number }[];
}

export interface JournalEntry {
  body: SaleBody;
  agent: number;
  outcome: 'pending' | 'acked' | 'refused' | 'unknown';
  number?: number;
  code?: string;
}

const ball = () => String(Math.floor(Math.random() * 100)).padStart(2, '0');
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

export function randomSale(tirages: number[]): SaleBody {
  const n = 2 + Math.floor(Math.random() * 5);
  const lines: SaleBody['lines'] = [];
  const used = new Set<string>();
  for (let i = 0; i < n; i++) {
    const k = Math.random();
    const stake = 100 * (1 + Math.floor(Math.random() * 30));
    let line: SaleBody['lines'][number];
    if (k < 0.5) line = { code: 20, number: ball(), stake };
    else if (k < 0.7) {
      let a = ball();
      let b = ball();
      while (a === b) b = ball();
      if (a > b) [a, b] = [b, a];
      line = { code: 40, number: `${a}*${b}`, stake };
    } else line = { code: 30, number: digits(3), stake };
    if (used.has(`${line.code}:${line.number}`)) continue;
    used.add(`${line.code}:${line.number}`);
    lines.push(line);
  }
  if (Math.random() < 0.15 && !used.has(`20:${LIMITED_BALL}`)) {
    lines.push({ code: 20, number: LIMITED_BALL, stake: 5000 });
  }
  const draws = Math.random() < 0.3 ? tirages : [tirages[Math.floor(Math.random() * tirages.length)]];
  return { idempotency_key: randomUUID(), tirages: draws, lines };
}

/** Agents sell until the server is killed (at least `minAcks` acknowledged, then a random delay). */
export async function sellUntilKilled(
  server: ServerProcess,
  tokens: string[],
  fx: Fixtures,
  opts: { minAcks: number; killWindowMs: [number, number] },
) {
  const journal: JournalEntry[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length + 2 });
  let acked = 0;
  let killed = false;
  let killAfterMs = 0;
  const started = performance.now();
  const [lo, hi] = opts.killWindowMs;
  let killTimer: NodeJS.Timeout | undefined;
  const scheduleKill = () => {
    if (killTimer) return;
    killTimer = setTimeout(
      () => {
        killAfterMs = performance.now() - started;
        killed = true;
        server.kill('SIGKILL');
      },
      lo + Math.random() * (hi - lo),
    );
  };
  // A safety net: never sell forever if acknowledgements do not come.
  const guard = setTimeout(scheduleKill, 60_000);
  const loop = async (i: number) => {
    while (!killed) {
      const entry: JournalEntry = { body: randomSale(fx.saleTirages), agent: i, outcome: 'pending' };
      journal.push(entry);
      try {
        const r = await request(server.port, 'POST', '/api/agents/fiches', {
          body: entry.body,
          token: tokens[i],
          agent,
          timeoutMs: 20_000,
        });
        const body = r.body as { number?: number; code?: string };
        if (r.status === 200 && typeof body.number === 'number') {
          entry.outcome = 'acked';
          entry.number = body.number;
          if (++acked >= opts.minAcks) scheduleKill();
        } else if (r.status >= 400 && r.status < 500) {
          entry.outcome = 'refused';
          entry.code = body.code;
        } else entry.outcome = 'unknown';
      } catch {
        entry.outcome = 'unknown';
        if (!killed) await sleep(20); // not expected before the kill: keep selling
      }
    }
  };
  await Promise.all(tokens.map((_, i) => loop(i)));
  clearTimeout(guard);
  agent.destroy();
  await server.exited;
  return { journal, killAfterMs };
}

export interface SalesCheck {
  /** Sales answered 2xx with a ticket number (so far, including retried ones). */
  acknowledged: number;
  /** Of those, present exactly once with the same number. */
  found: number;
  missing: number;
  /** Extra tickets: a key present twice, a number twice, or a ticket whose key the client never sent. */
  duplicates: number;
  /** Sales refused (4xx) whose ticket exists anyway. */
  refusedPresent: number;
  /** Sales without an answer (the kill) whose ticket was committed anyway. */
  unknownCommitted: number;
  unknown: number;
}

export async function checkSales(raw: RawClient, companyId: number, journal: JournalEntry[]): Promise<SalesCheck> {
  const rows = await raw.query<{ key: string; number: number }>(
    `SELECT idempotency_key AS key, number FROM fiches WHERE company_id = $1 AND idempotency_key NOT LIKE 'gen-%'`,
    [companyId],
  );
  const byKey = new Map<string, number[]>();
  const numbers = new Map<number, number>();
  for (const r of rows) {
    byKey.set(r.key, [...(byKey.get(r.key) ?? []), r.number]);
    numbers.set(r.number, (numbers.get(r.number) ?? 0) + 1);
  }
  const sent = new Set(journal.map((e) => e.body.idempotency_key));
  let duplicates = 0;
  for (const [key, list] of byKey) {
    duplicates += list.length - 1;
    if (!sent.has(key)) duplicates += 1;
  }
  for (const count of numbers.values()) duplicates += count - 1;
  const check: SalesCheck = {
    acknowledged: 0,
    found: 0,
    missing: 0,
    duplicates,
    refusedPresent: 0,
    unknownCommitted: 0,
    unknown: 0,
  };
  for (const e of journal) {
    const present = byKey.get(e.body.idempotency_key);
    if (e.outcome === 'acked') {
      check.acknowledged++;
      if (!present) check.missing++;
      else if (present.length === 1 && present[0] === e.number) check.found++;
    } else if (e.outcome === 'refused' && present) check.refusedPresent++;
    else if (e.outcome === 'unknown') {
      check.unknown++;
      if (present) check.unknownCommitted++;
    }
  }
  return check;
}

/** Runs `fn` over `items` with `width` at a time. */
export async function eachLimited<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}
