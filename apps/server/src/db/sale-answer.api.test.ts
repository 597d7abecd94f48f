import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sell, sellingCompany } from '../../test/engine-fixtures';
import { createTestDatabase, describeApi } from '../../test/helpers';
import { rng } from '../../test/random';
import type { Database } from './client';

/**
 * Issue 19: borlette_sell builds its answer from the rows it has just written instead of reading them
 * again (borlette_fiche_json). The two must stay the same view of the ticket: random tickets (bolet,
 * mariages, loto options, one or several draws, free mariages, commission, a sub-branch) answer exactly
 * what borlette_fiche_json reads back, and a replay answers it too.
 */
describeApi('the sale answers the ticket as borlette_fiche_json reads it', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let c: SellingCompany;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    c = await sellingCompany(database, { agents: 2, tirages: 3 });
    const id = c.company.id;
    await database.raw.query('UPDATE users SET commission_bp = 1250 WHERE id = $1', [c.agents[1].id]);
    await database.raw.query(
      'INSERT INTO interval_mas (company_id, min_amount, max_amount, count) VALUES ($1, 5000, 19999, 1), ($1, 20000, NULL, 2)',
      [id],
    );
    await database.raw.query("INSERT INTO boule_blocks (company_id, number) VALUES ($1, '03*04')", [id]);
    await database.raw.query("UPDATE companies SET logo = 'data:image/png;base64,AAAA' WHERE id = $1", [id]);
  });
  afterAll(() => drop());

  it('for random tickets, the answer is borlette_fiche_json plus "replayed": false', async () => {
    const r = rng(19);
    const ball = () => String(Math.floor(r() * 100)).padStart(2, '0');
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
    for (let k = 0; k < 25; k++) {
      const lines = [];
      for (let i = 0, n = 1 + Math.floor(r() * 6); i < n; i++) {
        const x = r();
        const stake = 100 * (1 + Math.floor(r() * 120));
        if (x < 0.4) lines.push({ code: 20, number: ball(), stake });
        else if (x < 0.6) {
          const a = Math.floor(r() * 99);
          const b = a + 1 + Math.floor(r() * (99 - a));
          lines.push({ code: 40, number: `${String(a).padStart(2, '0')}*${String(b).padStart(2, '0')}`, stake });
        } else if (x < 0.75) lines.push({ code: 30, number: digits(3), stake });
        else if (x < 0.9) lines.push({ code: 41 + Math.floor(r() * 3), number: digits(4), stake });
        else lines.push({ code: 51 + Math.floor(r() * 3), number: digits(5), stake });
      }
      const tirages = c.tirages.filter(() => r() < 0.6).map((t) => t.id);
      if (tirages.length === 0) tirages.push(c.tirages[k % 3].id);
      const agentId = c.agents[k % 2].id;
      const answer = await sell(database.raw, {
        companyId: c.company.id,
        agentId,
        tirages,
        lines,
        free: ['01*02', '03*04', '05*06', '07*08'],
      });
      const [read] = await database.raw.query<{ f: Record<string, unknown> }>('SELECT borlette_fiche_json($1) AS f', [
        answer.id,
      ]);
      expect(answer).toEqual({ ...read.f, replayed: false });
    }
  });

  it('a replay answers the stored ticket', async () => {
    const v = {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '42', stake: 25000 }],
      key: `replay-${Date.now()}`,
    };
    const first = await sell(database.raw, v);
    const again = await sell(database.raw, v);
    expect(again).toEqual({ ...first, replayed: true });
  });
});
