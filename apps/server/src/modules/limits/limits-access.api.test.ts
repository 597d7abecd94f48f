import type { Codename } from '@borlette/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LimitsWorld, limitsWorld } from '../../../test/fixtures/limits.fixtures';
import {
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

const KINDS = [
  { kind: 'game', path: '/api/companies/type-games', entity: 'typegame', block: 'block_limite_game' },
  {
    kind: 'game-agent',
    path: '/api/companies/type-games-agent',
    entity: 'typegameagent',
    block: 'block_limite_game_agent',
  },
  { kind: 'boule', path: '/api/companies/type-boules', entity: 'typeboule', block: 'block_limite_boule' },
  {
    kind: 'boule-agent',
    path: '/api/companies/type-boules-agent',
    entity: 'typebouleagent',
    block: 'block_limite_boule_agent',
  },
] as const;
type Kind = (typeof KINDS)[number];
const agentKind = (k: Kind) => k.kind.endsWith('agent');
const ballKind = (k: Kind) => k.kind.startsWith('boule');
const ALL_PERMS = KINDS.flatMap((k) => [
  `view_${k.entity}`,
  `add_${k.entity}`,
  `change_${k.entity}`,
  k.block,
]) as Codename[];

describeApi('sale limits: tenancy, permissions, supervisor scope', () => {
  let t: TestContext;
  let w: LimitsWorld;
  let viewOnly: string;
  const body = (k: Kind, agent: number, amount: number, number = '23') => ({
    code: 20,
    max_amount: amount,
    ...(agentKind(k) ? { agent_id: agent } : {}),
    ...(ballKind(k) ? { number } : {}),
  });

  beforeAll(async () => {
    t = await createTestApp();
    w = await limitsWorld(t, ALL_PERMS);
    const v = await createUser(t.database, {
      role: 'supervisor',
      companyId: w.a.company.id,
      permissions: KINDS.map((k) => `view_${k.entity}` as Codename),
    });
    viewOnly = (await login(t.app, v.username)).accessToken;
  });
  afterAll(() => t?.close());

  describe.each(KINDS)('$kind', (k) => {
    it('never shows nor changes another company’s limit (404, no data)', async () => {
      const theirs = (await w.call('POST', k.path, w.adminB, body(k, w.agentB, 777_777))).json();
      expect(theirs.id).toBeGreaterThan(0);
      for (const tok of [w.adminA, w.sup]) {
        const read = await w.call('GET', `${k.path}?id=${theirs.id}`, tok);
        expectErrorBody(read, 404);
        expect(read.body).not.toContain('777777');
        expect((await w.call('GET', `${k.path}?page_size=100`, tok)).body).not.toContain('777777');
        expectErrorBody(await w.call('PUT', k.path, tok, { id: theirs.id, ...body(k, w.alice, 1) }), 404);
        expectErrorBody(await w.call('POST', `${k.path}/block`, tok, { id: theirs.id, blocked: true }), 404);
        expectErrorBody(await w.call('DELETE', `${k.path}?id=${theirs.id}`, tok), 404);
      }
      const [row] = await t.database.raw.query('SELECT max_amount, status FROM sale_limits WHERE id = $1', [theirs.id]);
      expect(row).toEqual({ max_amount: 777_777, status: 'active' });
      await w.call('DELETE', `${k.path}?id=${theirs.id}`, w.adminB);
    });

    it('refuses a supervisor without the codename (403)', async () => {
      const mine = (await w.call('POST', k.path, w.adminA, body(k, w.alice, 500, '31'))).json();
      for (const tok of [w.noPermSup, viewOnly]) {
        const forbidden = async (res: Awaited<ReturnType<LimitsWorld['call']>>) =>
          expect(expectErrorBody(res, 403).code).toBe('PERMISSION_DENIED');
        if (tok === w.noPermSup) await forbidden(await w.call('GET', k.path, tok));
        else expect((await w.call('GET', k.path, tok)).statusCode).toBe(200);
        await forbidden(await w.call('POST', k.path, tok, body(k, w.alice, 1, '32')));
        await forbidden(await w.call('PUT', k.path, tok, { id: mine.id, ...body(k, w.alice, 1, '31') }));
        await forbidden(await w.call('POST', `${k.path}/block`, tok, { id: mine.id, blocked: true }));
        await forbidden(await w.call('DELETE', `${k.path}?id=${mine.id}`, tok));
      }
      expect((await w.call('GET', `${k.path}?id=${mine.id}`, w.adminA)).json()).toMatchObject({
        max_amount: 500,
        status: 'active',
      });
      // The supervisor holding the codenames may (the record is in its scope).
      expect((await w.call('POST', `${k.path}/block`, w.sup, { id: mine.id, blocked: true })).json().status).toBe(
        'blocked',
      );
      expect((await w.call('DELETE', `${k.path}?id=${mine.id}`, w.sup)).json()).toEqual({ ok: true });
    });
  });

  describe.each(KINDS.filter(agentKind))('$kind: supervisor scope', (k) => {
    it('shows and changes only the limits of the agents the supervisor watches', async () => {
      const alice = (await w.call('POST', k.path, w.adminA, body(k, w.alice, 1000, '41'))).json();
      const zoe = (await w.call('POST', k.path, w.adminA, body(k, w.zoe, 2000, '42'))).json();
      const list = (await w.call('GET', `${k.path}?page_size=100`, w.sup)).json();
      expect(list.results.map((r: { id: number }) => r.id)).toEqual([alice.id]);
      expect((await w.call('GET', `${k.path}?page_size=100`, w.adminA)).json().count).toBe(2);
      expectErrorBody(await w.call('GET', `${k.path}?id=${zoe.id}`, w.sup), 404);
      expectErrorBody(await w.call('PUT', k.path, w.sup, { id: zoe.id, ...body(k, w.zoe, 1, '42') }), 404);
      expectErrorBody(await w.call('POST', `${k.path}/block`, w.sup, { id: zoe.id, blocked: true }), 404);
      expectErrorBody(await w.call('DELETE', `${k.path}?id=${zoe.id}`, w.sup), 404);
      // Giving a limit to, or moving one onto, an agent it does not watch: that agent is unknown to it.
      const create = await w.call('POST', k.path, w.sup, body(k, w.zoe, 1, '43'));
      expect(expectErrorBody(create, 400).fields?.agent_id).toMatch(/Vendeur inconnu/);
      const move = await w.call('PUT', k.path, w.sup, { id: alice.id, ...body(k, w.zoe, 1000, '41') });
      expect(expectErrorBody(move, 400).fields?.agent_id).toMatch(/Vendeur inconnu/);
      const own = await w.call('POST', k.path, w.sup, body(k, w.bruno, 300, '44'));
      expect(own.json()).toMatchObject({ agent_id: w.bruno, max_amount: 300 });
      const [row] = await t.database.raw.query('SELECT agent_id, max_amount FROM sale_limits WHERE id = $1', [zoe.id]);
      expect(row).toEqual({ agent_id: w.zoe, max_amount: 2000 });
      for (const id of [alice.id, zoe.id, own.json().id]) await w.call('DELETE', `${k.path}?id=${id}`, w.adminA);
    });
  });

  it('shows a supervisor every company-wide limit of its company', async () => {
    const g = (await w.call('POST', '/api/companies/type-games', w.adminA, { code: 30, max_amount: 900 })).json();
    const b = (
      await w.call('POST', '/api/companies/type-boules', w.adminA, { code: 20, number: '77', max_amount: 800 })
    ).json();
    expect((await w.call('GET', `/api/companies/type-games?id=${g.id}`, w.sup)).json().max_amount).toBe(900);
    expect((await w.call('GET', '/api/companies/type-boules', w.sup)).json().results[0].id).toBe(b.id);
  });

  it('lets the superuser read across companies with « Toutes » but write only on one selected company', async () => {
    const root = await createUser(t.database, { role: 'superuser', fullAccess: true });
    const tok = (await login(t.app, root.username)).accessToken;
    const theirs = (await w.call('POST', '/api/companies/type-games', w.adminB, { code: 20, max_amount: 4242 })).json();
    await w.call('POST', '/api/generals/company', tok, { ref_code: 'all' });
    const all = (await w.call('GET', '/api/companies/type-games?page_size=100', tok)).json();
    expect(all.results.map((r: { id: number }) => r.id)).toContain(theirs.id);
    expect(all.results[0]).not.toHaveProperty('company_id');
    const refused = await w.call('POST', '/api/companies/type-games', tok, { code: 40, max_amount: 1 });
    expect(expectErrorBody(refused, 409).code).toBe('COMPANY_REQUIRED');
    await w.call('POST', '/api/generals/company', tok, { ref_code: w.a.company.ref_code });
    expectErrorBody(await w.call('GET', `/api/companies/type-games?id=${theirs.id}`, tok), 404);
    const made = await w.call('POST', '/api/companies/type-games', tok, { code: 40, max_amount: 1 });
    expect(made.json()).toMatchObject({ code: 40, max_amount: 1 });
    const [row] = await t.database.raw.query('SELECT company_id FROM sale_limits WHERE id = $1', [made.json().id]);
    expect(row).toEqual({ company_id: w.a.company.id });
  });

  it('requires a signed-in user', async () => {
    for (const k of KINDS) {
      expect((await t.app.inject({ method: 'GET', url: k.path })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: `${k.path}/block`, payload: {} })).statusCode).toBe(401);
    }
  });
});
