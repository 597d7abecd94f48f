import type { Codename } from '@borlette/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sell } from '../../../test/engine-fixtures';
import { type MoneyWorld, moneyWorld, newKey } from '../../../test/fixtures/money.fixtures';
import {
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

const PERMS: Codename[] = ['view_wallettransaction', 'add_wallettransaction', 'change_wallettransaction'];
const LIST = '/api/companies/transactions';
const ZERO = '/api/companies/transaction-zero';

/** « Toutes » reads the period in the selected country's zone: a window around today covers every test company's business day. */
const AROUND_TODAY = (() => {
  const d = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return `start_date=${d(-2)}&end_date=${d(2)}`;
})();
describeApi('wallet: movements, transaction zero, list', () => {
  let t: TestContext;
  let w: MoneyWorld;
  let viewOnly: string;

  const ledger = async (agent: number) =>
    (
      await t.database.raw.query<{ s: number }>(
        'SELECT coalesce(sum(amount), 0)::bigint AS s FROM wallet_entries WHERE agent_id = $1',
        [agent],
      )
    )[0].s;
  const count = async (agent: number, kind?: string) =>
    (
      await t.database.raw.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM wallet_entries WHERE agent_id = $1 AND ($2::text IS NULL OR kind = $2)',
        [agent, kind ?? null],
      )
    )[0].n;
  const move = (tok: string, body: object) => w.call('POST', LIST, tok, { idempotency_key: newKey(), ...body });

  beforeAll(async () => {
    t = await createTestApp();
    w = await moneyWorld(t, PERMS);
    const v = await createUser(t.database, {
      role: 'supervisor',
      companyId: w.a.company.id,
      permissions: ['view_wallettransaction'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [w.a.company.id, v.id, w.a.surcussaleId],
    );
    viewOnly = (await login(t.app, v.username)).accessToken;
    // Alice sold: her ledger holds the sale (sales − commission).
    await sell(t.database.raw, {
      companyId: w.a.company.id,
      agentId: w.alice,
      tirages: [w.a.tirages[0].id],
      lines: [{ code: 20, number: '12', stake: 10_000 }],
    });
  });
  afterAll(() => t?.close());

  it('records deposits, withdrawals and adjustments with their sign, listed with total and balances', async () => {
    const before = await ledger(w.alice);
    expect(before).toBe(9_000);
    const dep = await move(w.adminA, { agent_id: w.alice, kind: 'deposit', amount: 5_000, note: 'Versement' });
    expect(dep.statusCode).toBe(200);
    expect(dep.json()).toMatchObject({
      agent_id: w.alice,
      agent_name: 'Alice Adam',
      kind: 'deposit',
      amount: -5_000,
      note: 'Versement',
      business_date: w.a.today,
      reversed: false,
      fiche_id: null,
    });
    const wd = await move(w.adminA, { agent_id: w.alice, kind: 'withdrawal', amount: 1_234 });
    expect(wd.json().amount).toBe(1_234);
    const adj = await move(w.adminA, {
      agent_id: w.alice,
      kind: 'adjustment',
      amount: 50,
      owes_more: false,
      note: 'Erreur',
    });
    expect(adj.json().amount).toBe(-50);
    expect(await ledger(w.alice)).toBe(before - 5_000 + 1_234 - 50);

    const list = (await w.call('GET', `${LIST}?agent_id=${w.alice}`, w.adminA)).json();
    expect(list.count).toBe(4);
    expect(list.results[0].id).toBe(adj.json().id); // newest first
    expect(list.total).toBe(9_000 - 5_000 + 1_234 - 50);
    expect(list.balances).toEqual([
      { agent_id: w.alice, agent_name: 'Alice Adam', balance: await ledger(w.alice), currency: 'HTG' },
    ]);
    const sale = list.results.find((e: { kind: string }) => e.kind === 'sale');
    expect(sale).toMatchObject({ amount: 9_000, gross: 10_000, commission: 1_000 });
    expect(sale.fiche_number).toBeGreaterThan(0);
    const deposits = (await w.call('GET', `${LIST}?kind=deposit`, w.adminA)).json();
    expect(deposits.results.map((e: { id: number }) => e.id)).toEqual([dep.json().id]);
    expect(deposits.total).toBe(-5_000);
    // Another period: nothing listed, and the balance is what was owed at its end (nothing before today).
    const past = (
      await w.call('GET', `${LIST}?start_date=2020-01-01&end_date=2020-01-31&agent_id=${w.alice}`, w.adminA)
    ).json();
    expect(past).toMatchObject({ count: 0, total: 0, balances: [{ agent_id: w.alice, balance: 0 }] });
    const searched = (await w.call('GET', `${LIST}?search=versem`, w.adminA)).json();
    expect(searched.count).toBe(1);

    const csv = await w.call('GET', `${LIST}?format=csv&agent_id=${w.alice}`, w.adminA);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.startsWith('\uFEFFJour;Enregistré le;Vendeur')).toBe(true);
    expect(csv.body).toContain(';Ajustement;-0,50;HTG;;;;Erreur;');
    expect(csv.body).toContain(';Dépôt;-50,00;HTG;');
    expect(csv.body).toContain(';Retrait;12,34;HTG;');
    expect(csv.body).toContain(';Vente;90,00;HTG;100,00;10,00;');
    expect(csv.body).toMatch(/;;Total;;;;51,84;/);
  });

  it('refuses bad input with French field messages (400)', async () => {
    const bad = async (body: object, field: string) => {
      const res = await w.call('POST', LIST, w.adminA, body);
      const e = expectErrorBody(res, 400);
      expect(Object.keys(e.fields ?? {})).toContain(field);
    };
    const ok = { agent_id: w.alice, kind: 'deposit', amount: 100, idempotency_key: newKey() };
    await bad({ ...ok, agent_id: undefined }, 'agent_id');
    await bad({ ...ok, amount: 0 }, 'amount');
    await bad({ ...ok, amount: -5 }, 'amount');
    await bad({ ...ok, amount: 10.5 }, 'amount');
    await bad({ ...ok, amount: 'abc' }, 'amount');
    await bad({ ...ok, kind: 'sale' }, 'kind');
    await bad({ ...ok, kind: 'adjustment', note: 'x' }, 'owes_more');
    await bad({ ...ok, kind: 'adjustment', owes_more: true }, 'note');
    await bad({ ...ok, idempotency_key: 'court' }, 'idempotency_key');
    await bad({ ...ok, idempotency_key: undefined }, 'idempotency_key');
    await bad({ ...ok, note: 'x'.repeat(301) }, 'note');
    expectErrorBody(await w.call('POST', ZERO, w.adminA, { agent_id: 'x', idempotency_key: newKey() }), 400);
    expectErrorBody(await w.call('DELETE', `${ZERO}?agent_id=${w.alice}`, w.adminA), 400);
    for (const q of [
      'start_date=2024-13-01',
      'start_date=2024-02-01&end_date=2024-01-01',
      'start_date=2023-01-01&end_date=2024-06-01',
      'kind=gift',
      'page_size=500',
      'sort=password',
    ]) {
      const res = expectErrorBody(await w.call('GET', `${LIST}?${q}`, w.adminA), 400);
      expect(res.message).toMatch(/[a-zé]/);
    }
  });

  it('refuses a user without the codename (403) and a view-only supervisor’s writes', async () => {
    const denied = async (tok: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
      expect(expectErrorBody(await w.call(method, url, tok, body), 403).code).toBe('PERMISSION_DENIED');
    const body = { agent_id: w.alice, kind: 'deposit', amount: 100, idempotency_key: newKey() };
    await denied(w.noPermSup, 'GET', LIST);
    await denied(w.noPermSup, 'POST', LIST, body);
    await denied(w.noPermSup, 'POST', ZERO, { agent_id: w.alice, idempotency_key: newKey() });
    await denied(w.noPermSup, 'DELETE', `${ZERO}?agent_id=${w.alice}&transaction_id=1`);
    expect((await w.call('GET', LIST, viewOnly)).statusCode).toBe(200);
    await denied(viewOnly, 'POST', LIST, body);
    await denied(viewOnly, 'POST', ZERO, { agent_id: w.alice, idempotency_key: newKey() });
    await denied(viewOnly, 'DELETE', `${ZERO}?agent_id=${w.alice}&transaction_id=1`);
    // An agent of the point of sale is not a back-office user.
    expectErrorBody(await w.call('GET', LIST, w.agentTokens.get(w.alice) as string), 403);
    expectErrorBody(await w.call('GET', LIST, 'x'.repeat(40)), 401);
  });

  it('never touches nor shows another company’s agent or entry (404, no data)', async () => {
    const theirs = (await move(w.adminB, { agent_id: w.agentB, kind: 'withdrawal', amount: 777_777 })).json();
    expect(theirs.amount).toBe(777_777);
    expectErrorBody(await move(w.adminA, { agent_id: w.agentB, kind: 'deposit', amount: 1 }), 404);
    expectErrorBody(await w.call('POST', ZERO, w.adminA, { agent_id: w.agentB, idempotency_key: newKey() }), 404);
    const zeroB = (await w.call('POST', ZERO, w.adminB, { agent_id: w.agentB, idempotency_key: newKey() })).json();
    expect(zeroB.amount).toBe(-777_777);
    expectErrorBody(await w.call('DELETE', `${ZERO}?agent_id=${w.agentB}&transaction_id=${zeroB.id}`, w.adminA), 404);
    expectErrorBody(await w.call('DELETE', `${ZERO}?agent_id=${w.alice}&transaction_id=${zeroB.id}`, w.adminA), 404);
    for (const url of [LIST, `${LIST}?agent_id=${w.agentB}`, `${LIST}?format=csv`]) {
      const res = await w.call('GET', url, w.adminA);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('777777');
      expect(res.body).not.toContain('7777,77');
    }
    expect((await w.call('GET', `${LIST}?agent_id=${w.agentB}`, w.adminA)).json()).toMatchObject({
      count: 0,
      balances: [],
    });
    expect(await count(w.agentB)).toBe(2);
    // The superuser with « Toutes » reads every company of its country, and writes nothing.
    const all = (await w.call('GET', `${LIST}?${AROUND_TODAY}`, w.superHT)).json();
    expect(all.results.some((e: { agent_id: number }) => e.agent_id === w.agentB)).toBe(true);
    expect(all.results.some((e: { agent_id: number }) => e.agent_id === w.alice)).toBe(true);
    expect((await w.call('GET', `${LIST}?${AROUND_TODAY}`, w.superDO)).json().count).toBe(0);
    const write = await move(w.superHT, { agent_id: w.alice, kind: 'deposit', amount: 1 });
    expect(expectErrorBody(write, 409).code).toBe('COMPANY_REQUIRED');
  });

  it('limits a supervisor to the agents it watches', async () => {
    await move(w.adminA, { agent_id: w.zoe, kind: 'withdrawal', amount: 4_242 });
    await move(w.adminA, { agent_id: w.bruno, kind: 'withdrawal', amount: 300 });
    expectErrorBody(await move(w.sup, { agent_id: w.zoe, kind: 'deposit', amount: 1 }), 404);
    expectErrorBody(await w.call('POST', ZERO, w.sup, { agent_id: w.zoe, idempotency_key: newKey() }), 404);
    const list = (await w.call('GET', `${LIST}?page_size=100`, w.sup)).json();
    const agents = new Set(list.results.map((e: { agent_id: number }) => e.agent_id));
    expect([...agents].sort()).toEqual([w.alice, w.bruno].sort());
    expect(list.balances.map((b: { agent_id: number }) => b.agent_id).sort()).toEqual([w.alice, w.bruno].sort());
    expect((await w.call('GET', `${LIST}?agent_id=${w.zoe}`, w.sup)).json()).toMatchObject({ count: 0, balances: [] });
    expect((await w.call('GET', `${LIST}?agent_id=${w.zoe}`, w.adminA)).json().total).toBe(4_242);
    const mine = await move(w.sup, { agent_id: w.bruno, kind: 'deposit', amount: 100 });
    expect(mine.json()).toMatchObject({ agent_id: w.bruno, amount: -100, actor_name: 'Sam Sup' });
    const audit = await t.database.raw.query(
      "SELECT action, after FROM audit_log WHERE entity = 'wallet_entry' AND entity_id = $1",
      [String(mine.json().id)],
    );
    expect(audit).toEqual([{ action: 'deposit', after: expect.objectContaining({ agent_id: w.bruno, amount: -100 }) }]);
  });

  describe('idempotency and transaction zero', () => {
    it('answers the same entry for the same key, and 409 for the same key with another content', async () => {
      const key = newKey();
      const body = { agent_id: w.bruno, kind: 'withdrawal', amount: 2_500, idempotency_key: key };
      const first = (await w.call('POST', LIST, w.adminA, body)).json();
      const again = await w.call('POST', LIST, w.adminA, body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first);
      expect(
        (await t.database.raw.query('SELECT 1 FROM wallet_entries WHERE idempotency_key = $1', [key])).length,
      ).toBe(1);
      const other = await w.call('POST', LIST, w.adminA, { ...body, amount: 2_501 });
      expect(expectErrorBody(other, 409).code).toBe('IDEMPOTENCY_CONFLICT');
      expectErrorBody(await w.call('POST', ZERO, w.adminA, { agent_id: w.bruno, idempotency_key: key }), 409);
      // The same key in another company is another operation.
      expect((await w.call('POST', LIST, w.adminB, { ...body, agent_id: w.agentB })).statusCode).toBe(200);
    });

    it('settles an agent to exactly 0, refuses a second zero, and reverses it once', async () => {
      const owed = await ledger(w.alice);
      expect(owed).not.toBe(0);
      const key = newKey();
      const zero = (
        await w.call('POST', ZERO, w.adminA, { agent_id: w.alice, idempotency_key: key, note: 'Clôture' })
      ).json();
      expect(zero).toMatchObject({ kind: 'zero', amount: -owed, note: 'Clôture', reversed: false });
      expect(await ledger(w.alice)).toBe(0);
      expect(
        (await w.call('POST', ZERO, w.adminA, { agent_id: w.alice, idempotency_key: key, note: 'Clôture' })).json(),
      ).toEqual(zero);
      const twice = await w.call('POST', ZERO, w.adminA, { agent_id: w.alice, idempotency_key: newKey() });
      expect(expectErrorBody(twice, 409).message).toMatch(/déjà à 0/);

      const dep = (await move(w.adminA, { agent_id: w.alice, kind: 'deposit', amount: 10 })).json();
      expect(
        expectErrorBody(await w.call('DELETE', `${ZERO}?agent_id=${w.alice}&transaction_id=${dep.id}`, w.adminA), 409)
          .message,
      ).toMatch(/transaction zéro/);
      expectErrorBody(await w.call('DELETE', `${ZERO}?agent_id=${w.bruno}&transaction_id=${zero.id}`, w.adminA), 404);
      expectErrorBody(
        await w.call('DELETE', `${ZERO}?agent_id=${w.alice}&transaction_id=${zero.id}`, w.noPermSup),
        403,
      );
      const rev = await w.call('DELETE', `${ZERO}?agent_id=${w.alice}&transaction_id=${zero.id}`, w.adminA);
      expect(rev.statusCode).toBe(200);
      expect(rev.json()).toMatchObject({ kind: 'zero_reversal', amount: owed, reverses_id: zero.id });
      expect(await ledger(w.alice)).toBe(owed - 10);
      const again = await w.call('DELETE', `${ZERO}?agent_id=${w.alice}&transaction_id=${zero.id}`, w.adminA);
      expect(expectErrorBody(again, 409).message).toMatch(/déjà été annulée/);
      const listed = (await w.call('GET', `${LIST}?kind=zero&agent_id=${w.alice}`, w.adminA)).json();
      expect(listed.results[0]).toMatchObject({ id: zero.id, reversed: true });
      // Nothing was deleted: the zero and its reversal are both in the ledger.
      expect(await count(w.alice, 'zero')).toBe(1);
      expect(await count(w.alice, 'zero_reversal')).toBe(1);
      const actions = await t.database.raw.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity = 'wallet_entry' AND entity_id IN ($1, $2) ORDER BY id",
        [String(zero.id), String(rev.json().id)],
      );
      expect(actions.map((a) => a.action)).toEqual(['zero', 'zero_reversal']);
    });

    it('posts one zero out of 10 parallel requests, whatever their keys', async () => {
      await move(w.adminA, { agent_id: w.bruno, kind: 'withdrawal', amount: 999 });
      const key = newKey();
      const same = await Promise.all(
        Array.from({ length: 10 }, () => w.call('POST', ZERO, w.adminA, { agent_id: w.bruno, idempotency_key: key })),
      );
      expect(same.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(same.map((r) => r.json().id)).size).toBe(1);
      expect(await ledger(w.bruno)).toBe(0);

      await move(w.adminA, { agent_id: w.bruno, kind: 'withdrawal', amount: 555 });
      const zerosBefore = await count(w.bruno, 'zero');
      const racing = await Promise.all(
        Array.from({ length: 10 }, () =>
          w.call('POST', ZERO, w.adminA, { agent_id: w.bruno, idempotency_key: newKey() }),
        ),
      );
      const codes = racing.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, ...Array(9).fill(409)]);
      for (const r of racing.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('ALREADY_ZERO');
      expect(await count(w.bruno, 'zero')).toBe(zerosBefore + 1);
      expect(await ledger(w.bruno)).toBe(0);
    });
  });
});
