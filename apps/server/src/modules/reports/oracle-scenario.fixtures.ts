import { lotsFromResult } from '@borlette/shared/game/lots';
import type { LightMyRequestResponse as Response } from 'fastify';
import { expect } from 'vitest';
import { type SellingCompany, sell } from '../../../test/engine-fixtures';
import { auth, type TestContext } from '../../../test/helpers';
import { newKey } from './money.fixtures';

/** The oracle's scenario: random activity through the real engine (sale) and the HTTP API (the rest). */

export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Two fixed-offset zones whose business days differ now, neither near its midnight. */
export function zonePair(now = Date.now()): [string, string] {
  const name = (o: number) => (o === 0 ? 'Etc/GMT' : `Etc/GMT${o > 0 ? '-' : '+'}${Math.abs(o)}`);
  const local = (o: number) => {
    const d = new Date(now + o * 3_600_000);
    return { day: d.toISOString().slice(0, 10), h: d.getUTCHours() + d.getUTCMinutes() / 60 };
  };
  const calm = (h: number) => h >= 0.5 && h < 23;
  for (let o1 = -12; o1 <= 14; o1++)
    for (let o2 = 14; o2 > o1; o2--) {
      const [x, y] = [local(o1), local(o2)];
      if (y.day > x.day && calm(x.h) && calm(y.h)) return [name(o1), name(o2)];
    }
  throw new Error('no zone pair');
}

export const RESULTS = [
  { pick3: '123', pick4: '2345' },
  { pick3: '907', pick4: '0788' },
  { pick3: '450', pick4: '5012' },
];

export interface Actors {
  t: TestContext;
  c: SellingCompany;
  admin: string;
  tokens: Map<number, string>;
  r: () => number;
}

export function scenario({ t, c, admin, tokens, r }: Actors) {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const call = (method: 'POST' | 'PUT', url: string, token: string, payload: object): Promise<Response> =>
    t.app.inject({ method, url, headers: auth(token), payload });

  /** Random tickets of today (bolet, mariage, loto 3; many near the coming lots). */
  async function sellMany(n: number) {
    const near = RESULTS.map((x) => lotsFromResult(x));
    const draws = c.tirages.map((x) => x.id);
    const sold: { id: number; agent: number }[] = [];
    for (let i = 0; i < n; i++) {
      const agent = pick(c.agents).id;
      const k = r();
      const tirages = k < 0.25 ? [draws[0], draws[1]] : k < 0.35 ? draws : [pick(draws)];
      const lots = near[draws.indexOf(tirages[0])];
      const lot = () => pick([lots.lot1, lots.lot2, lots.lot3, String(Math.floor(r() * 100)).padStart(2, '0')]);
      const lines = Array.from({ length: 1 + Math.floor(r() * 4) }, (_, j) => {
        const stake = 100 * (1 + Math.floor(r() * 25));
        const kind = r();
        if (kind < 0.6) return { code: 20, number: lot(), stake };
        if (kind < 0.8)
          return { code: 30, number: r() < 0.3 ? lots.pick3 : String(100 + j + Math.floor(r() * 800)), stake };
        const [x, y] = [lot(), lot()].sort();
        return x === y ? { code: 20, number: x, stake } : { code: 40, number: `${x}*${y}`, stake };
      });
      const f = await sell(t.database.raw, { companyId: c.company.id, agentId: agent, tirages, lines });
      sold.push({ id: f.id, agent });
    }
    return sold;
  }

  /** Some cancelled by their agents, some deleted by the back office, a few reactivated. */
  async function voidSome(sold: { id: number; agent: number }[]) {
    const voided: number[] = [];
    for (const f of sold) {
      const k = r();
      if (k > 0.16) continue;
      const res =
        k < 0.08
          ? await call('POST', '/api/agents/fiches/cancel', tokens.get(f.agent) as string, { id: f.id })
          : await call('PUT', '/api/companies/fiche', admin, { id: f.id, action: 'delete', reason: 'Erreur' });
      expect(res.statusCode, res.body).toBe(200);
      voided.push(f.id);
    }
    for (const id of voided.slice(0, 4)) {
      expect((await call('PUT', '/api/companies/fiche', admin, { id, action: 'reactivate' })).statusCode).toBe(200);
    }
  }

  async function moveSome(n: number) {
    for (let i = 0; i < n; i++) {
      const kind = pick(['deposit', 'withdrawal', 'adjustment'] as const);
      const res = await call('POST', '/api/companies/transactions', admin, {
        agent_id: pick(c.agents).id,
        kind,
        amount: 100 * (1 + Math.floor(r() * 500)),
        owes_more: kind === 'adjustment' ? r() < 0.5 : undefined,
        note: kind === 'adjustment' ? 'Correction de caisse' : undefined,
        idempotency_key: newKey(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  /** Pays `share` of the payable winners (every draw settled), each by a random agent. */
  async function paySome(share: number) {
    const payable = await t.database.raw.query<{ ref_code: string }>(
      `SELECT f.ref_code FROM fiches f WHERE f.company_id = $1 AND f.status = 'active' AND f.win_amount > 0
        AND f.paid_at IS NULL AND NOT EXISTS (
          SELECT 1 FROM fiche_tirages ft WHERE ft.fiche_id = f.id AND NOT EXISTS (
            SELECT 1 FROM info_tirages i WHERE i.company_id = f.company_id AND i.tirage_id = ft.tirage_id
               AND i.draw_date = ft.draw_date))
      ORDER BY f.id`,
      [c.company.id],
    );
    let paid = 0;
    for (const w of payable) {
      if (r() > share) continue;
      const res = await call('POST', '/api/agents/fiches/pay', tokens.get(pick(c.agents).id) as string, {
        ref: w.ref_code,
      });
      expect(res.statusCode, res.body).toBe(200);
      paid++;
    }
    return paid;
  }

  const zeroFor = async (agent: number) => {
    const res = await call('POST', '/api/companies/transaction-zero', admin, {
      agent_id: agent,
      idempotency_key: newKey(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number };
  };

  return { sellMany, voidSome, moveSome, paySome, zeroFor };
}
