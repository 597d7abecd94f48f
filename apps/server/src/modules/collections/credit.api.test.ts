import { randomUUID } from 'node:crypto';
import type { Codename } from '@borlette/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MoneyWorld, moneyWorld, newKey } from '../../../test/fixtures/money.fixtures';
import { createTestApp, describeApi, expectErrorBody, type TestContext } from '../../../test/helpers';

const PERMS: Codename[] = ['view_collection', 'add_collection', 'change_collection', 'view_agent', 'change_agent'];

/** Agent credit (issue 20 §2): the sale refuses past the ceiling (exactly, in parallel), prepaid agents. */
describeApi('agent credit: ceiling and prepaid in the sale', () => {
  let t: TestContext;
  let w: MoneyWorld;

  const owed = async (agent: number) =>
    Number(
      (
        await t.database.raw.query<{ s: number }>(
          'SELECT coalesce(sum(amount), 0)::bigint AS s FROM wallet_entries WHERE agent_id = $1',
          [agent],
        )
      )[0].s,
    );
  const setCredit = (agent: number, limit: number | null, mode: string | null) =>
    t.database.raw.query('UPDATE users SET credit_limit = $2, credit_mode = $3 WHERE id = $1', [agent, limit, mode]);
  const sellAs = (agent: number, stake: number, number = '12') =>
    w.call('POST', '/api/agents/fiches', w.agentTokens.get(agent) as string, {
      idempotency_key: randomUUID(),
      tirages: [w.a.tirages[0].id],
      lines: [{ code: 20, number, stake }],
    });
  const collect = (token: string, agent: number, amount: number) =>
    w.call('POST', '/api/companies/collections', token, { agent_id: agent, amount, idempotency_key: newKey() });

  beforeAll(async () => {
    t = await createTestApp();
    w = await moneyWorld(t, PERMS);
  });
  afterAll(() => t?.close());

  it('40 parallel sales of one agent never pass its ceiling', async () => {
    // Each sale: 1 000 stake − 10 % commission = 900 owed; a ceiling of 9 000 takes exactly 10 of them.
    await setCredit(w.alice, 9_000, 'ceiling');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sellAs(w.alice, 1_000, String(i).padStart(2, '0'))),
    );
    const ok = answers.filter((r) => r.statusCode === 200).length;
    const refused = answers.filter((r) => r.statusCode === 409 && r.json().code === 'CREDIT_LIMIT').length;
    expect(ok).toBe(10);
    expect(refused).toBe(30);
    expect(await owed(w.alice)).toBe(9_000);
  });

  it('refuses with 409 CREDIT_LIMIT naming what is left, in French', async () => {
    await setCredit(w.bruno, 125_000, null);
    const res = await sellAs(w.bruno, 200_000);
    const body = expectErrorBody(res, 409);
    expect(body.code).toBe('CREDIT_LIMIT');
    expect(body.message).toBe('Plafond de crédit atteint : il reste 1 250,00 HTG.');
    expect(await owed(w.bruno)).toBe(0);
    // Under the ceiling: sells.
    expect((await sellAs(w.bruno, 100_000)).statusCode).toBe(200);
    expect(await owed(w.bruno)).toBe(90_000);
  });

  it('a collection lowers what the agent owes: it sells again', async () => {
    expect(expectErrorBody(await sellAs(w.alice, 1_000), 409).code).toBe('CREDIT_LIMIT');
    expect((await collect(w.sup, w.alice, 1_800)).statusCode).toBe(200);
    expect((await sellAs(w.alice, 1_000)).statusCode).toBe(200);
    expect((await sellAs(w.alice, 1_000)).statusCode).toBe(200);
    expect(expectErrorBody(await sellAs(w.alice, 1_000), 409).message).toBe(
      'Plafond de crédit atteint : il reste 0,00 HTG.',
    );
  });

  it('prepaid: sells only against money deposited first', async () => {
    await setCredit(w.zoe, null, 'prepaid');
    expect(expectErrorBody(await sellAs(w.zoe, 1_000), 409).code).toBe('CREDIT_LIMIT');
    expect((await collect(w.adminA, w.zoe, 2_000)).statusCode).toBe(200);
    expect((await sellAs(w.zoe, 1_000)).statusCode).toBe(200);
    expect((await sellAs(w.zoe, 1_000)).statusCode).toBe(200);
    expect(await owed(w.zoe)).toBe(-200);
    const refused = expectErrorBody(await sellAs(w.zoe, 1_000), 409);
    expect(refused.message).toBe('Plafond de crédit atteint : il reste 2,00 HTG.');
  });

  it('the company default applies to agents without their own; the agent API reads and writes both fields', async () => {
    const [agent] = w.b.agents;
    const adminB = w.adminB;
    const put = await w.call('PUT', '/api/companies/settings', adminB, { credit_limit: 450 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ credit_limit: 450, credit_mode: 'ceiling' });
    const token = w.agentTokens.get(agent.id) as string;
    const sale = (stake: number) =>
      w.call('POST', '/api/agents/fiches', token, {
        idempotency_key: randomUUID(),
        tirages: [w.b.tirages[0].id],
        lines: [{ code: 20, number: '33', stake }],
      });
    expect((await sale(500)).statusCode).toBe(200);
    expect(expectErrorBody(await sale(500), 409).code).toBe('CREDIT_LIMIT');

    const read = await w.call('GET', `/api/companies/agent?id=${agent.id}`, adminB);
    expect(read.json()).toMatchObject({
      credit_limit: null,
      credit_mode: null,
      effective_credit_limit: 450,
      effective_credit_mode: 'ceiling',
    });
    const a = read.json();
    const update = await w.call('PUT', '/api/companies/agent', adminB, {
      id: agent.id,
      first_name: a.first_name,
      last_name: a.last_name,
      phone: a.phone,
      username: a.username,
      surcussale_id: a.surcussale_id,
      supervisor_id: a.supervisor_id,
      commission_bp: a.commission_bp,
      can_cancel: a.can_cancel,
      credit_limit: 100_000,
      credit_mode: 'ceiling',
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ credit_limit: 100_000, effective_credit_limit: 100_000 });
    expect((await sale(500)).statusCode).toBe(200);
    // A bad mode or a negative ceiling: 400 in French.
    const bad = await w.call('PUT', '/api/companies/agent', adminB, { ...a, credit_mode: 'libre', credit_limit: -5 });
    expect(expectErrorBody(bad, 400).message).toMatch(/crédit|Plafond/i);
  });
});
