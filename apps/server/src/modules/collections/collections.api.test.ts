import type { Codename } from '@borlette/shared';
import { MAX_AMOUNT } from '@borlette/shared/contracts/engine-common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sell } from '../../../test/engine-fixtures';
import { type MoneyWorld, moneyWorld, newKey } from '../../../test/fixtures/money.fixtures';
import { createTestApp, describeApi, expectErrorBody, type TestContext } from '../../../test/helpers';

const PERMS: Codename[] = ['view_collection', 'add_collection', 'change_collection', 'view_report_agent'];
const PATH = '/api/companies/collections';

/** Collections (issue 20 §2): ledger entries, list and CSV, reversal once, scope and permissions. */
describeApi('collections: post, list, reverse', () => {
  let t: TestContext;
  let w: MoneyWorld;

  const entries = async (agent: number) =>
    t.database.raw.query<{ kind: string; amount: number; reverses_id: number | null }>(
      "SELECT kind, amount::int AS amount, reverses_id FROM wallet_entries WHERE agent_id = $1 AND kind LIKE 'collection%' ORDER BY id",
      [agent],
    );
  const collect = (token: string, body: object) => w.call('POST', PATH, token, { idempotency_key: newKey(), ...body });

  beforeAll(async () => {
    t = await createTestApp();
    w = await moneyWorld(t, PERMS);
    await sell(t.database.raw, {
      companyId: w.a.company.id,
      agentId: w.alice,
      tirages: [w.a.tirages[0].id],
      lines: [{ code: 20, number: '12', stake: 10_000 }],
    });
  });
  afterAll(() => t?.close());

  it('a supervisor collects from its agent: a ledger entry, the list, the agent report and the closing show it', async () => {
    const res = await collect(w.sup, { agent_id: w.alice, amount: 5_000, note: 'Tournée du soir' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      agent_id: w.alice,
      agent_name: 'Alice Adam',
      amount: 5_000,
      note: 'Tournée du soir',
      agent_balance: 4_000,
      reversal: null,
      business_date: w.a.today,
    });
    expect(await entries(w.alice)).toEqual([{ kind: 'collection', amount: -5_000, reverses_id: null }]);

    const list = (await w.call('GET', `${PATH}?agent_id=${w.alice}`, w.sup)).json();
    expect(list).toMatchObject({ count: 1, total: 5_000 });
    const csv = await w.call('GET', `${PATH}?format=csv`, w.adminA);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Alice Adam');

    const report = (await w.call('GET', `/api/companies/rapports-agent?agent_id=${w.alice}`, w.sup)).json();
    expect(report.rows[0]).toMatchObject({ collections: -5_000, to_collect: 4_000 });
    const closing = (await w.call('GET', '/api/agents/closing', w.agentTokens.get(w.alice) as string)).json();
    expect(closing.wallet).toMatchObject({ collections: -5_000, owed_end: 4_000 });
  });

  it('the same key answers the same collection; another content is a 409', async () => {
    const key = newKey();
    const first = await w.call('POST', PATH, w.adminA, { agent_id: w.bruno, amount: 700, idempotency_key: key });
    const again = await w.call('POST', PATH, w.adminA, { agent_id: w.bruno, amount: 700, idempotency_key: key });
    expect(again.json().id).toBe(first.json().id);
    const other = await w.call('POST', PATH, w.adminA, { agent_id: w.bruno, amount: 800, idempotency_key: key });
    expect(expectErrorBody(other, 409).code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await entries(w.bruno)).length).toBe(1);
  });

  it('reversal posts the opposite entry once, even in parallel', async () => {
    const c = (await collect(w.adminA, { agent_id: w.bruno, amount: 2_000 })).json();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        w.call('POST', `${PATH}/reverse`, w.adminA, { id: c.id, reason: 'Erreur de saisie' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(expectErrorBody(r, 409).message).toBe('Cette collecte a déjà été annulée.');
    }
    const reversals = (await entries(w.bruno)).filter((e) => e.kind === 'collection_reversal');
    expect(reversals).toEqual([{ kind: 'collection_reversal', amount: 2_000, reverses_id: c.id }]);
    const list = (await w.call('GET', `${PATH}?agent_id=${w.bruno}`, w.adminA)).json();
    expect(list.total).toBe(700);
    expect(list.results.find((r: { id: number }) => r.id === c.id).reversal).toMatchObject({
      reason: 'Erreur de saisie',
    });
  });

  it('another company, an agent outside the supervisor’s scope: 404; no codename: 403; bad input: 400', async () => {
    expect(expectErrorBody(await collect(w.adminB, { agent_id: w.alice, amount: 100 }), 404).message).toBe(
      'Vendeur introuvable.',
    );
    expect(expectErrorBody(await collect(w.sup, { agent_id: w.zoe, amount: 100 }), 404).code).toBe('NOT_FOUND');
    expect((await collect(w.noPermSup, { agent_id: w.alice, amount: 100 })).statusCode).toBe(403);
    expect((await w.call('GET', PATH, w.noPermSup)).statusCode).toBe(403);
    const c = (await collect(w.adminA, { agent_id: w.alice, amount: 100 })).json();
    expect((await w.call('POST', `${PATH}/reverse`, w.adminB, { id: c.id, reason: 'Pas à moi' })).statusCode).toBe(404);
    expect((await w.call('POST', `${PATH}/reverse`, w.noPermSup, { id: c.id, reason: 'Non' })).statusCode).toBe(403);
    const bad = await collect(w.adminA, { agent_id: w.alice, amount: -5 });
    expect(expectErrorBody(bad, 400).fields?.amount).toBeDefined();
    expect(expectErrorBody(await w.call('POST', `${PATH}/reverse`, w.adminA, { id: c.id }), 400).code).toBe(
      'VALIDATION_ERROR',
    );
    // Other companies' lists never show A's collections.
    expect((await w.call('GET', PATH, w.adminB)).json().count).toBe(0);
  });

  it('takes the largest amount the API allows, exactly, and refuses one centime more without writing', async () => {
    const before = (await entries(w.bruno)).length;
    for (let i = 0; i < 3; i++) {
      const r = await collect(w.adminA, { agent_id: w.bruno, amount: MAX_AMOUNT });
      expect(r.json().amount).toBe(MAX_AMOUNT);
    }
    const over = await collect(w.adminA, { agent_id: w.bruno, amount: MAX_AMOUNT + 1 });
    expect(expectErrorBody(over, 400).fields?.amount).toBeDefined();
    expect((await entries(w.bruno)).length).toBe(before + 3);
    const list = (await w.call('GET', `${PATH}?agent_id=${w.bruno}`, w.adminA)).json();
    const sum = (await entries(w.bruno)).reduce((t, e) => t - e.amount, 0);
    expect(list.total).toBe(sum);
    const report = (await w.call('GET', `/api/companies/rapports-agent?agent_id=${w.bruno}`, w.adminA)).json();
    expect(report.rows[0].collections).toBe(-sum);
  });
});
