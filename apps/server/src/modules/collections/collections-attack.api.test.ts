import type { Codename } from '@borlette/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MoneyWorld, moneyWorld, newKey } from '../../../test/fixtures/money.fixtures';
import { createTestApp, describeApi, type TestContext } from '../../../test/helpers';

const PERMS: Codename[] = ['view_collection', 'add_collection', 'change_collection', 'view_report_agent'];
const PATH = '/api/companies/collections';

/** Issue 20 review: collections under parallel requests, and totals past 2^53 in the list and the CSV. */
describeApi('collections under attack', () => {
  let t: TestContext;
  let w: MoneyWorld;

  const entries = async (agent: number, kind = 'collection') =>
    t.database.raw.query<{ amount: string }>(
      'SELECT amount::text AS amount FROM wallet_entries WHERE agent_id = $1 AND kind = $2 ORDER BY id',
      [agent, kind],
    );
  const owed = async (agent: number) =>
    (
      await t.database.raw.query<{ s: string }>(
        'SELECT coalesce(sum(total), 0)::text AS s FROM wallet_agent_day WHERE agent_id = $1',
        [agent],
      )
    )[0].s;

  beforeAll(async () => {
    t = await createTestApp();
    w = await moneyWorld(t, PERMS);
  });
  afterAll(() => t?.close());

  it('30 parallel collections of one agent: each posts once, the balance is their exact sum', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        w.call('POST', PATH, w.sup, { agent_id: w.alice, amount: 100 + i, idempotency_key: newKey() }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect((await entries(w.alice)).length).toBe(30);
    const sum = Array.from({ length: 30 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
    expect(await owed(w.alice)).toBe(String(-sum));
  });

  it('30 parallel posts of one key are one collection; 30 parallel reversals are one reversal', async () => {
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        w.call('POST', PATH, w.adminA, { agent_id: w.bruno, amount: 700, idempotency_key: key }),
      ),
    );
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const id = answers[0].json().id;
    const reversals = await Promise.all(
      Array.from({ length: 30 }, () => w.call('POST', `${PATH}/reverse`, w.adminA, { id, reason: 'Double saisie' })),
    );
    expect(reversals.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(reversals.filter((r) => r.statusCode === 409)).toHaveLength(29);
    expect(await entries(w.bruno, 'collection_reversal')).toEqual([{ amount: '700' }]);
    expect(await owed(w.bruno)).toBe('0');
  });

  it('totals past 2^53 stay exact in the list and the CSV', async () => {
    // Ten collections of 10^15 centimes (written directly: the API takes at most MAX_AMOUNT each).
    await t.database.raw.query(
      `INSERT INTO wallet_entries (company_id, agent_id, kind, amount, business_date)
       SELECT $1, $2, 'collection', -1000000000000000, (now() AT TIME ZONE c.timezone)::date
         FROM companies c, generate_series(1, 10) WHERE c.id = $1`,
      [w.a.company.id, w.zoe],
    );
    const res = await w.call('GET', `${PATH}?agent_id=${w.zoe}`, w.adminA);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"total":"10000000000000000"');
    expect(res.body).toContain('"agent_balance":"-10000000000000000"');
    const csv = await w.call('GET', `${PATH}?agent_id=${w.zoe}&format=csv`, w.adminA);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('10000000000000,00');
  });
});
