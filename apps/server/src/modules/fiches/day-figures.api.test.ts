import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeApi, getCompanies, type TestContext } from '../../../test/helpers';

type Query = Record<string, string | number | undefined>;

import { buildWorld, type World } from '../../../test/fixtures/dashboards.fixtures';

/**
 * The ticket list and the transactions take their count and totals from the day summaries when
 * nothing but the period, the agent (and for the ledger the sub-branch) narrows them, and their page
 * from an index. Here every such answer is compared with the raw tickets and ledger entries: count,
 * totals, balances and the page's rows, for the admin, the supervisor (its agents only) and another
 * company, over one day, two days, an open start and an empty period.
 */
describeApi('day lists: figures from the summaries equal the raw rows', () => {
  let t: TestContext;
  let w: World;
  let all: Set<number>;
  let visible: Set<number>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await buildWorld(t, { ticketsPerDay: 60, seed: 11 });
    for (const codename of ['view_fichevente', 'view_wallettransaction']) {
      await t.database.raw.query('INSERT INTO user_permissions (user_id, codename) VALUES ($1, $2)', [
        w.supId,
        codename,
      ]);
    }
    all = new Set(w.a.agents.map((a) => a.id));
    visible = new Set([w.a.agents[0].id, ...w.a.agents.slice(3).map((a) => a.id)]);
  }, 300_000);
  afterAll(() => t?.close());

  const get = (token: string, path: string, q: Query) => getCompanies(t.app, token, path, q);
  const periods = () => [
    { label: 'today (default)', q: {}, start: w.today, end: w.today },
    { label: 'yesterday', q: { start_date: w.yesterday }, start: w.yesterday, end: w.yesterday },
    { label: 'two days', q: { start_date: w.yesterday, end_date: w.today }, start: w.yesterday, end: w.today },
    { label: 'empty', q: { start_date: '2001-01-01', end_date: '2001-01-03' }, start: '2001-01-01', end: '2001-01-03' },
  ];

  it('answers the ticket list’s count, totals and first pages as the raw tickets', async () => {
    const callers = [
      { name: 'admin', token: w.adminA, agents: all },
      { name: 'supervisor', token: w.sup, agents: visible },
    ];
    let seen = 0;
    for (const c of callers) {
      for (const p of periods()) {
        for (const agent of [undefined, w.a.agents[0].id, w.a.agents[1].id]) {
          const agents = [...c.agents].filter((a) => agent === undefined || a === agent);
          const [expected] = await t.database.raw.query<Record<string, number>>(
            `SELECT count(*)::int AS count, coalesce(sum(amount), 0)::bigint AS amount,
                    coalesce(sum(commission_amount), 0)::bigint AS commission_amount,
                    coalesce(sum(win_amount), 0)::bigint AS win_amount, coalesce(sum(paid_amount), 0)::bigint AS paid_amount
               FROM fiches WHERE company_id = $1 AND status = 'active' AND sale_date BETWEEN $2 AND $3
                AND agent_id = ANY ($4::bigint[])`,
            [w.a.company.id, p.start, p.end, agents],
          );
          const ids = await t.database.raw.query<{ id: number }>(
            `SELECT id FROM fiches WHERE company_id = $1 AND status = 'active' AND sale_date BETWEEN $2 AND $3
                AND agent_id = ANY ($4::bigint[]) ORDER BY sold_at DESC, id DESC LIMIT 14`,
            [w.a.company.id, p.start, p.end, agents],
          );
          const label = `${c.name} ${p.label} agent ${agent}`;
          const first = await get(c.token, 'fiche', { ...p.q, agent_id: agent, page_size: 7 });
          const second = await get(c.token, 'fiche', { ...p.q, agent_id: agent, page_size: 7, page: 2 });
          // One currency (the company's): its entry, and the same amounts beside the count.
          const one = expected.count ? [{ currency: 'HTG', ...expected }] : [];
          expect(first.totals, label).toEqual({ ...expected, currency: one.length ? 'HTG' : null, by_currency: one });
          expect(first.count, label).toBe(expected.count);
          expect(
            [...first.results, ...second.results].map((r: { id: number }) => r.id),
            label,
          ).toEqual(ids.map((r) => r.id));
          seen += expected.count;
        }
      }
    }
    expect(seen).toBeGreaterThan(100);
    // Some of those tickets were paid, won and voided: the totals had something to get wrong.
    const [mix] = await t.database.raw.query<{ paid: number; won: number; voided: number }>(
      `SELECT count(*) FILTER (WHERE paid_at IS NOT NULL)::int AS paid, count(*) FILTER (WHERE win_amount > 0)::int AS won,
              count(*) FILTER (WHERE status <> 'active')::int AS voided FROM fiches WHERE company_id = $1`,
      [w.a.company.id],
    );
    expect(mix.paid).toBeGreaterThan(0);
    expect(mix.won).toBeGreaterThan(mix.paid - 1);
    expect(mix.voided).toBeGreaterThan(0);
    // Another company sees none of them.
    expect((await get(w.adminB, 'fiche', { agent_id: w.a.agents[0].id })).totals.count).toBe(0);
  });

  it('answers the transactions’ count, total, balances and first pages as the raw ledger', async () => {
    const callers = [
      { name: 'admin', token: w.adminA, agents: all },
      { name: 'supervisor', token: w.sup, agents: visible },
    ];
    for (const c of callers) {
      for (const p of periods()) {
        for (const filter of [{}, { agent_id: w.a.agents[3].id }, { surcussale_id: w.a.surcussale2 }]) {
          const [x] = await t.database.raw.query<{ agents: number[] }>(
            `SELECT coalesce(array_agg(id), '{}') AS agents FROM users
              WHERE id = ANY ($1::bigint[]) AND ($2::bigint IS NULL OR id = $2) AND ($3::bigint IS NULL OR surcussale_id = $3)`,
            [
              [...c.agents],
              'agent_id' in filter ? filter.agent_id : null,
              'surcussale_id' in filter ? filter.surcussale_id : null,
            ],
          );
          const [expected] = await t.database.raw.query<{ count: number; total: number }>(
            `SELECT count(*)::int AS count, coalesce(sum(amount), 0)::bigint AS total FROM wallet_entries
              WHERE company_id = $1 AND business_date BETWEEN $2 AND $3 AND agent_id = ANY ($4::bigint[])`,
            [w.a.company.id, p.start, p.end, x.agents],
          );
          const balances = await t.database.raw.query<{ agent_id: number; balance: number }>(
            `SELECT agent_id, (SELECT sum(b.amount) FROM wallet_entries b WHERE b.company_id = e.company_id
                                  AND b.agent_id = e.agent_id AND b.business_date <= $3)::bigint AS balance
               FROM (SELECT DISTINCT company_id, agent_id FROM wallet_entries
                      WHERE company_id = $1 AND business_date BETWEEN $2 AND $3 AND agent_id = ANY ($4::bigint[])) e
              ORDER BY agent_id`,
            [w.a.company.id, p.start, p.end, x.agents],
          );
          const ids = await t.database.raw.query<{ id: number }>(
            `SELECT id FROM wallet_entries WHERE company_id = $1 AND business_date BETWEEN $2 AND $3
                AND agent_id = ANY ($4::bigint[]) ORDER BY at DESC, id DESC LIMIT 10`,
            [w.a.company.id, p.start, p.end, x.agents],
          );
          const label = `${c.name} ${p.label} ${JSON.stringify(filter)}`;
          const q = { start_date: p.start, end_date: p.end, ...filter, page_size: 5 };
          const first = await get(c.token, 'transactions', q);
          const second = await get(c.token, 'transactions', { ...q, page: 2 });
          expect({ count: first.count, total: first.total }, label).toEqual(expected);
          const got = first.balances
            .map((b: { agent_id: number; balance: number }) => ({ agent_id: b.agent_id, balance: b.balance }))
            .sort((a: { agent_id: number }, b: { agent_id: number }) => a.agent_id - b.agent_id);
          // The agent filtered on is shown even without a move in the period.
          const asked = 'agent_id' in filter && !balances.length && c.agents.has(filter.agent_id as number);
          if (!asked) expect(got, label).toEqual(balances);
          expect(
            [...first.results, ...second.results].map((r: { id: number }) => r.id),
            label,
          ).toEqual(ids.map((r) => r.id));
        }
      }
    }
    // Narrowed by kind or search: the same figures over the entries themselves.
    const sales = await get(w.adminA, 'transactions', { start_date: w.yesterday, end_date: w.today, kind: 'sale' });
    const [s] = await t.database.raw.query<{ count: number; total: number }>(
      `SELECT count(*)::int AS count, coalesce(sum(amount), 0)::bigint AS total FROM wallet_entries
        WHERE company_id = $1 AND business_date BETWEEN $2 AND $3 AND kind = 'sale'`,
      [w.a.company.id, w.yesterday, w.today],
    );
    expect({ count: sales.count, total: sales.total }).toEqual(s);
    expect((await get(w.adminB, 'transactions', { agent_id: w.a.agents[0].id })).count).toBe(0);
  });
});
