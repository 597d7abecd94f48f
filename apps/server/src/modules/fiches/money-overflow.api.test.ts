import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enterResult, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import { auth, callAs, createTestApp, createUser, describeApi, login, type TestContext } from '../../../test/helpers';

/**
 * Issue 15, defect 1: amounts past 2^53 already in the database (old data, direct SQL, sums over many
 * tickets) must never make a read, a payment or a block answer 5xx, nor come out rounded. A winning
 * ticket's win is pushed to 2^53 + 1 and another's to 2^52 + 2 (safe alone, not their sum); then every
 * GET route of the route table is called by each kind of reader, as JSON and as CSV.
 */

const BIG = 2n ** 53n + 1n; // 9007199254740993: Number() makes it ...992
const HALF = 2n ** 52n + 2n; // safe alone
const SUM = BIG + HALF; // 13510798882111491: odd, past 2^53
/** What a rounding conversion would print somewhere: none may appear. */
const ROUNDED = [
  `${BIG - 1n}`,
  `${SUM - 1n}`,
  `${SUM + 1n}`,
  '90071992547409,92',
  '135107988821114,90',
  '135107988821114,92',
  '9.00719925474099e',
  '1.35107988821114',
];

const AROUND_TODAY = (() => {
  const d = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return `start_date=${d(-2)}&end_date=${d(2)}`;
})();

describeApi('money past 2^53 in the database (no 5xx, exact)', () => {
  let t: TestContext;
  let c: SellingCompany;
  const tokens: Record<string, string> = {};
  let big: { id: number; number: number; ref_code: string };
  let half: { id: number; number: number };

  /** Pushes a settled winner's win to `amount` everywhere it is stored (as old data would be). */
  async function pushWin(ficheId: number, amount: bigint) {
    const raw = t.database.raw;
    const a = amount.toString();
    await raw.query('UPDATE fiche_lines SET win_amount = $2::bigint WHERE fiche_id = $1 AND win_amount > 0', [
      ficheId,
      a,
    ]);
    await raw.query('UPDATE fiche_tirages SET win_amount = $2::bigint WHERE fiche_id = $1 AND win_amount > 0', [
      ficheId,
      a,
    ]);
    await raw.query('UPDATE fiches SET win_amount = $2::bigint WHERE id = $1', [ficheId, a]);
  }

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 2 });
    const other = await sellingCompany(t.database);
    const raw = t.database.raw;
    const co = c.company.id;
    const tirage = c.tirages[0].id;
    const sold = await sell(raw, {
      companyId: co,
      agentId: c.agents[0].id,
      tirages: [tirage],
      lines: [{ code: 20, number: '23', stake: 1000 }],
    });
    big = { id: sold.id, number: sold.number, ref_code: '' };
    half = await sell(raw, {
      companyId: co,
      agentId: c.agents[1].id,
      tirages: [tirage],
      lines: [{ code: 20, number: '23', stake: 500 }],
    });
    await sell(raw, {
      companyId: other.company.id,
      agentId: other.agents[0].id,
      tirages: [other.tirages[0].id],
      lines: [{ code: 20, number: '23', stake: 100 }],
    });
    // Lots 45 23 45: the bolet 23 wins on lot 2.
    await enterResult(t.database, { companyId: co, tirageId: tirage, date: c.today, pick3: '145', pick4: '2345' });
    const [ref] = await raw.query<{ ref_code: string }>('SELECT ref_code FROM fiches WHERE id = $1', [big.id]);
    big.ref_code = ref.ref_code;
    await pushWin(big.id, BIG);
    await pushWin(half.id, HALF);
    // The summaries the reports, dashboards and day lists read, as the settlement would have left them.
    await raw.query(
      `UPDATE stats_agent_day s SET wins = (SELECT coalesce(sum(f.win_amount), 0) FROM fiches f
         WHERE f.company_id = s.company_id AND f.agent_id = s.agent_id AND f.sale_date = s.business_date
           AND f.status = 'active')
       WHERE s.company_id = $1`,
      [co],
    );
    await raw.query(
      `UPDATE stats_agent_draw_day s SET wins = (SELECT coalesce(sum(ft.win_amount), 0) FROM fiche_tirages ft
         JOIN fiches f ON f.id = ft.fiche_id
         WHERE ft.company_id = s.company_id AND ft.tirage_id = s.tirage_id AND f.agent_id = s.agent_id
           AND f.sale_date = s.business_date AND f.status = 'active')
       WHERE s.company_id = $1`,
      [co],
    );

    // Sales past 2^53 too: what the statistics and the limits read (the counters per number) and the
    // summaries' sales.
    await raw.query('UPDATE sale_counters SET amount = amount + $2::bigint WHERE company_id = $1', [
      co,
      BIG.toString(),
    ]);
    await raw.query('UPDATE stats_agent_day SET sales = sales + $2::bigint WHERE company_id = $1', [
      co,
      HALF.toString(),
    ]);
    await raw.query('UPDATE stats_agent_draw_day SET sales = sales + $2::bigint WHERE company_id = $1', [
      co,
      HALF.toString(),
    ]);

    const su = await createUser(t.database, { role: 'superuser', fullAccess: true });
    const admin = await createUser(t.database, { role: 'company', companyId: co, fullAccess: true });
    tokens.admin = (await login(t.app, admin.username)).accessToken;
    tokens.agent = (await login(t.app, c.agents[0].username)).accessToken;
    tokens.superuser = (await login(t.app, su.username)).accessToken;
    tokens.all = (await login(t.app, su.username)).accessToken;
    for (const [token, ref_code] of [
      [tokens.superuser, c.company.ref_code],
      [tokens.all, 'all'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/generals/company',
        headers: auth(token),
        payload: { ref_code },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t?.close());

  /** What is wrong with an answer: a 5xx, or an amount rounded somewhere in it. */
  function faults(res: LightMyRequestResponse, what: string): string[] {
    const out = res.statusCode >= 500 ? [`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`] : [];
    for (const r of ROUNDED) if (res.body.includes(r)) out.push(`${what} rounds an amount (${r})`);
    // In JSON, a number past 2^53 is already rounded: the server must write such amounts as strings.
    if (String(res.headers['content-type']).startsWith('application/json')) {
      const numbers = res.body.replace(/"(?:[^"\\]|\\.)*"/g, '""').match(/-?\d[\d.eE+-]*/g) ?? [];
      for (const n of numbers)
        if (!Number.isSafeInteger(Number(n)) && /^-?\d{16,}$|[eE]/.test(n)) out.push(`${what}: ${n}`);
    }
    return out;
  }
  const expectExact = (res: LightMyRequestResponse, what: string) => expect(faults(res, what)).toEqual([]);

  /** Every GET route of the route table, by every kind of reader, as JSON, as CSV and aimed at the ticket. */
  async function sweep() {
    const routes = t.app.apiRoutes.filter((r) => r.method === 'GET' && !r.url.includes('*'));
    expect(routes.length).toBeGreaterThan(60);
    let answered = 0;
    const found: string[] = [];
    for (const r of routes) {
      const path = r.url.replace(':refCode', big.ref_code).replace(/:\w+/g, '1');
      for (const [who, token] of Object.entries(tokens)) {
        for (const q of [
          AROUND_TODAY,
          `${AROUND_TODAY}&format=csv`,
          `id=${big.id}&number=${big.number}&page_size=100`,
        ]) {
          const res = await callAs(t, 'GET', `${path}?${q}`, token);
          found.push(...faults(res, `${who} GET ${path}?${q}`));
          if (res.statusCode === 200) answered++;
        }
      }
    }
    expect(found).toEqual([]);
    return answered;
  }

  it('answers every read without 5xx nor a rounded amount; the amounts read back exact', async () => {
    expect(await sweep()).toBeGreaterThan(100);

    // Past 2^53 an amount is the string of its digits; below, a number as before.
    const detail = (await callAs(t, 'GET', `/api/companies/fiche?id=${big.id}`, tokens.admin)).json();
    expect(detail.win_amount).toBe(BIG.toString());
    expect(detail.amount).toBe(1000);
    const pos = (await callAs(t, 'GET', `/api/agents/fiche?id=${big.id}`, tokens.agent)).json();
    expect(pos.win_amount).toBe(BIG.toString());
    const pub = (await callAs(t, 'GET', `/api/public/fiche/${big.ref_code}`, tokens.agent)).json();
    expect(pub.win_amount).toBe(BIG.toString());
    const winners = (await callAs(t, 'GET', '/api/companies/fiche-gagnants?page_size=100', tokens.admin)).json();
    expect(winners.totals.win_amount).toBe(SUM.toString());
    const all = (await callAs(t, 'GET', `/api/companies/fiche-gagnants?${AROUND_TODAY}`, tokens.all)).json();
    expect(all.totals.win_amount).toBe(SUM.toString());
    const report = (await callAs(t, 'GET', '/api/companies/rapports', tokens.admin)).json();
    expect(report.totals.wins).toBe(SUM.toString());
    const home = (await callAs(t, 'GET', '/api/companies/app', tokens.admin)).json();
    expect(JSON.stringify(home)).toContain(`"${SUM}"`);
    const csv = await callAs(t, 'GET', '/api/companies/fiche-gagnants?format=csv', tokens.admin);
    expect(csv.body).toContain('90071992547409,93');

    // The invoice PDF (the sweep's superuser read made the month's invoices) of an amount past 2^53.
    const [inv] = await t.database.raw.query<{ id: number }>(
      'UPDATE invoices SET amount = $1::bigint WHERE id = (SELECT min(id) FROM invoices) RETURNING id',
      [BIG.toString()],
    );
    expect(inv, 'an invoice to print').toBeDefined();
    const pdf = await callAs(t, 'GET', `/api/generals/facturations/${inv.id}/pdf`, tokens.superuser);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expectExact(await callAs(t, 'GET', `/api/generals/facturations?${AROUND_TODAY}`, tokens.superuser), 'invoices');
  });

  it('blocks, unblocks and pays the ticket: exact answers, exact audit, exact wallet', async () => {
    const block = await callAs(t, 'PUT', '/api/companies/fiche', tokens.admin, { id: big.id, action: 'block' });
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json()).toMatchObject({ blocked: true, win_amount: BIG.toString() });
    const unblock = await callAs(t, 'PUT', '/api/companies/fiche', tokens.admin, { id: big.id, action: 'unblock' });
    expect(unblock.statusCode, unblock.body).toBe(200);

    const pay = await callAs(t, 'POST', '/api/agents/fiches/pay', tokens.agent, { ref: big.ref_code });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json()).toMatchObject({ status: 'paye', paid_amount: BIG.toString() });
    const [entry] = await t.database.raw.query<{ amount: string }>(
      "SELECT amount::text FROM wallet_entries WHERE fiche_id = $1 AND kind = 'payout'",
      [big.id],
    );
    expect(entry.amount).toBe((-BIG).toString());
    // The payment's audit entry keeps the amount exact (a string past 2^53).
    const trace = await callAs(t, 'GET', `/api/companies/tracabilites-agents?${AROUND_TODAY}`, tokens.superuser);
    expectExact(trace, 'traceability');
    expect(trace.body).toContain(`"${BIG}"`);

    expect(await sweep()).toBeGreaterThan(100);
    const wallet = (await callAs(t, 'GET', `/api/companies/transactions?${AROUND_TODAY}`, tokens.admin)).json();
    expect(wallet.results.find((e: { kind: string }) => e.kind === 'payout').amount).toBe((-BIG).toString());
    const paid = (await callAs(t, 'GET', '/api/companies/fiche-payants', tokens.admin)).json();
    expect(paid.totals.paid_amount).toBe(BIG.toString());
    const day = (await callAs(t, 'GET', '/api/agents/report', tokens.agent)).json();
    expect(day.paid_amount).toBe(BIG.toString());
  });

  it('answers a sum past what int8 holds with a clear 422, never a 5xx', async () => {
    const HUGE = 9_223_372_036_854_775_000n; // near 2^63: any sum with another win overflows int8
    await pushWin(half.id, HUGE);
    await t.database.raw.query('UPDATE stats_agent_day SET wins = $3::bigint WHERE company_id = $1 AND agent_id = $2', [
      c.company.id,
      c.agents[1].id,
      HUGE.toString(),
    ]);
    const detail = (await callAs(t, 'GET', `/api/companies/fiche?id=${half.id}`, tokens.admin)).json();
    expect(detail.win_amount).toBe(HUGE.toString());
    const totals = await callAs(t, 'GET', '/api/companies/fiche-gagnants', tokens.admin);
    expect(totals.statusCode, totals.body).toBe(422);
    expect(totals.json()).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
    expect(await sweep()).toBeGreaterThan(100);
  });
});
