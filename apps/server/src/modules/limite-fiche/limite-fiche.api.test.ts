import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';
import { ticketLimitFor } from './limite-fiche-query';

describeApi('limit per ticket (limite fiche)', () => {
  let t: TestContext;
  let a: { id: number; ref_code: string };
  let b: { id: number; ref_code: string };
  let adminA: string;
  let adminB: string;
  let north: number;
  let agentNorth: number;
  let agentSouth: number;
  let agentB: number;
  let supToken: string;
  let viewOnlySup: string;
  let noViewSup: string;

  const branch = async (companyId: number, name: string) =>
    (
      await t.database.raw.query<{ id: number }>(
        'INSERT INTO surcussales (company_id, name) VALUES ($1, $2) RETURNING id',
        [companyId, name],
      )
    )[0].id;
  const agent = async (companyId: number, surcussaleId: number, first = 'Prénom') => {
    const u = await createUser(t.database, { role: 'agent', companyId });
    await t.database.raw.query('UPDATE users SET surcussale_id = $2, first_name = $3 WHERE id = $1', [
      u.id,
      surcussaleId,
      first,
    ]);
    return u.id;
  };
  const token = async (u: { username: string }) => (await login(t.app, u.username)).accessToken;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t.database);
    b = await createCompany(t.database);
    adminA = await token(await createUser(t.database, { role: 'company', companyId: a.id, fullAccess: true }));
    adminB = await token(await createUser(t.database, { role: 'company', companyId: b.id, fullAccess: true }));
    north = await branch(a.id, 'Nord');
    const south = await branch(a.id, 'Sud');
    agentNorth = await agent(a.id, north, 'Alice');
    agentSouth = await agent(a.id, south, 'Bruno');
    agentB = await agent(b.id, await branch(b.id, 'B'), 'Zoé');
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_typegame', 'add_typegame', 'change_typegame', 'block_limite_game'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [a.id, sup.id, north],
    );
    supToken = await token(sup);
    viewOnlySup = await token(
      await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: ['view_typegame'] }),
    );
    noViewSup = await token(await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: [] }));
  });
  afterAll(() => t?.close());

  describe('CRUD', () => {
    it('creates the company-wide limit and one per agent, at most one each (409 on agent_id)', async () => {
      const company = await callAs(t, 'POST', '/api/games/add-limite-fiche', adminA, { max_amount: 500_000 });
      expect(company.statusCode).toBe(200);
      expect(company.json()).toMatchObject({
        agent_id: null,
        agent_name: null,
        max_amount: 500_000,
        status: 'active',
      });
      const again = await callAs(t, 'POST', '/api/games/add-limite-fiche', adminA, { agent_id: null, max_amount: 1 });
      expect(expectErrorBody(again, 409).fields?.agent_id).toMatch(/compagnie existe déjà/);
      const perAgent = await callAs(t, 'POST', '/api/games/add-limite-fiche', adminA, {
        agent_id: agentNorth,
        max_amount: 100_050,
      });
      expect(perAgent.json()).toMatchObject({
        agent_id: agentNorth,
        agent_name: 'Alice Nom',
        surcussale_name: 'Nord',
        max_amount: 100_050,
      });
      const dup = await callAs(t, 'POST', '/api/games/add-limite-fiche', adminA, {
        agent_id: agentNorth,
        max_amount: 5,
      });
      expect(expectErrorBody(dup, 409).fields?.agent_id).toMatch(/déjà une limite/);
    });

    it('reads one, updates it, blocks and unblocks it, deletes it, recording each write', async () => {
      const l = (
        await callAs(t, 'POST', '/api/games/add-limite-fiche', adminA, { agent_id: agentSouth, max_amount: 2000 })
      ).json();
      expect((await callAs(t, 'GET', `/api/games/limite-fiche?id=${l.id}`, adminA)).json()).toMatchObject({
        id: l.id,
        max_amount: 2000,
      });
      const up = await callAs(t, 'PUT', '/api/games/update-limite-fiche', adminA, { id: l.id, max_amount: 3000 });
      expect(up.json()).toMatchObject({ id: l.id, agent_id: agentSouth, max_amount: 3000 });
      // Moving it onto an agent (or the company) that already has one: 409.
      const clash = await callAs(t, 'PUT', '/api/games/update-limite-fiche', adminA, {
        id: l.id,
        agent_id: agentNorth,
        max_amount: 3000,
      });
      expectErrorBody(clash, 409);
      expect(
        (await callAs(t, 'POST', '/api/games/limite-fiche/block', adminA, { id: l.id, blocked: true })).json().status,
      ).toBe('blocked');
      expect(
        (await callAs(t, 'POST', '/api/games/limite-fiche/block', adminA, { id: l.id, blocked: false })).json().status,
      ).toBe('active');
      expect((await callAs(t, 'DELETE', `/api/games/limite-fiche?id=${l.id}`, adminA)).json()).toEqual({ ok: true });
      expectErrorBody(await callAs(t, 'GET', `/api/games/limite-fiche?id=${l.id}`, adminA), 404);
      const actions = await t.database.raw.query<{ action: string; before: unknown; after: unknown }>(
        "SELECT action, before, after FROM audit_log WHERE entity = 'limite_fiche' AND entity_id = $1 ORDER BY id",
        [String(l.id)],
      );
      expect(actions.map((r) => r.action)).toEqual(['create', 'update', 'block', 'unblock', 'delete']);
      expect(actions[1]).toMatchObject({ before: { max_amount: 2000 }, after: { max_amount: 3000 } });
    });
  });

  describe('bad input', () => {
    it('refuses each bad field with a French message on that field', async () => {
      const cases: [object, string, RegExp][] = [
        [{}, 'max_amount', /montant maximum est requis/],
        [{ max_amount: 0 }, 'max_amount', /supérieur à 0/],
        [{ max_amount: -500 }, 'max_amount', /supérieur à 0/],
        [{ max_amount: 12.5 }, 'max_amount', /centimes entiers/],
        [{ max_amount: 'beaucoup' }, 'max_amount', /requis|nombre/],
        [{ max_amount: 1e12 }, 'max_amount', /trop grand/],
        [{ agent_id: 'x', max_amount: 100 }, 'agent_id', /Vendeur invalide/],
        [{ agent_id: agentB, max_amount: 100 }, 'agent_id', /Vendeur inconnu/],
      ];
      for (const [payload, field, message] of cases) {
        const body = expectErrorBody(await callAs(t, 'POST', '/api/games/add-limite-fiche', adminA, payload), 400);
        expect(body.fields?.[field], JSON.stringify(payload)).toMatch(message);
      }
      // A supervisor is not an agent.
      const sup = await createUser(t.database, { role: 'supervisor', companyId: a.id });
      expectErrorBody(
        await callAs(t, 'POST', '/api/games/add-limite-fiche', adminA, { agent_id: sup.id, max_amount: 100 }),
        400,
      );
      expectErrorBody(await callAs(t, 'PUT', '/api/games/update-limite-fiche', adminA, { max_amount: 100 }), 400);
      expectErrorBody(await callAs(t, 'POST', '/api/games/limite-fiche/block', adminA, { id: 1 }), 400);
    });
  });

  describe('tenancy and permissions', () => {
    it('never shows or changes another company’s limit (404, no data)', async () => {
      const l = (
        await callAs(t, 'POST', '/api/games/add-limite-fiche', adminB, { agent_id: agentB, max_amount: 777_777 })
      ).json();
      for (const tok of [adminA, supToken]) {
        const read = await callAs(t, 'GET', `/api/games/limite-fiche?id=${l.id}`, tok);
        expectErrorBody(read, 404);
        expect(read.body).not.toContain('777777');
      }
      expectErrorBody(
        await callAs(t, 'PUT', '/api/games/update-limite-fiche', adminA, { id: l.id, max_amount: 1 }),
        404,
      );
      expectErrorBody(
        await callAs(t, 'POST', '/api/games/limite-fiche/block', adminA, { id: l.id, blocked: true }),
        404,
      );
      expectErrorBody(await callAs(t, 'DELETE', '/api/games/limite-fiche', adminA, { id: l.id }), 404);
      const list = await callAs(t, 'GET', '/api/games/limite-fiche?page_size=100', adminA);
      expect(list.body).not.toContain('777777');
      const [row] = await t.database.raw.query<{ max_amount: number; status: string }>(
        'SELECT max_amount, status FROM limite_fiches WHERE id = $1',
        [l.id],
      );
      expect(row).toEqual({ max_amount: 777_777, status: 'active' });
    });

    it('refuses without the codenames (403)', async () => {
      expect(
        expectErrorBody(await callAs(t, 'POST', '/api/games/add-limite-fiche', viewOnlySup, { max_amount: 100 }), 403)
          .code,
      ).toBe('PERMISSION_DENIED');
      expectErrorBody(
        await callAs(t, 'PUT', '/api/games/update-limite-fiche', viewOnlySup, { id: 1, max_amount: 100 }),
        403,
      );
      expectErrorBody(
        await callAs(t, 'POST', '/api/games/limite-fiche/block', viewOnlySup, { id: 1, blocked: true }),
        403,
      );
      expectErrorBody(await callAs(t, 'DELETE', '/api/games/limite-fiche?id=1', viewOnlySup), 403);
      expectErrorBody(await callAs(t, 'GET', '/api/games/limite-fiche', noViewSup), 403);
      expectErrorBody(await callAs(t, 'GET', '/api/games/limite-fiche/agents', noViewSup), 403);
    });

    it('shows a supervisor the company-wide limit and those of the agents it watches only', async () => {
      const list = (await callAs(t, 'GET', '/api/games/limite-fiche?page_size=100', supToken)).json();
      const agents = list.results.map((r: { agent_id: number | null }) => r.agent_id);
      expect(agents).toContain(null);
      expect(agents).toContain(agentNorth);
      expect(agents).not.toContain(agentSouth);
      const south = (
        await callAs(t, 'POST', '/api/games/add-limite-fiche', adminA, { agent_id: agentSouth, max_amount: 9 })
      ).json();
      expectErrorBody(await callAs(t, 'GET', `/api/games/limite-fiche?id=${south.id}`, supToken), 404);
      expectErrorBody(
        await callAs(t, 'POST', '/api/games/limite-fiche/block', supToken, { id: south.id, blocked: true }),
        404,
      );
      const choices = (await callAs(t, 'GET', '/api/games/limite-fiche/agents', supToken)).json();
      expect(choices.map((c: { id: number }) => c.id)).toEqual([agentNorth]);
      expect(choices[0]).toMatchObject({ name: 'Alice Nom', surcussale_name: 'Nord', has_limit: true });
      await callAs(t, 'DELETE', '/api/games/limite-fiche', adminA, { id: south.id });
    });
  });

  describe('lists', () => {
    it('paginates, sorts (company-wide first), filters, searches and exports CSV', async () => {
      const page = (await callAs(t, 'GET', '/api/games/limite-fiche?sort=agent&page_size=1', adminA)).json();
      expect(page.count).toBe(2);
      expect(page.results[0].agent_id).toBeNull();
      const p2 = (await callAs(t, 'GET', '/api/games/limite-fiche?sort=agent&page_size=1&page=2', adminA)).json();
      expect(p2.results[0].agent_id).toBe(agentNorth);
      expect((await callAs(t, 'GET', '/api/games/limite-fiche?scope=agent', adminA)).json().count).toBe(1);
      expect((await callAs(t, 'GET', '/api/games/limite-fiche?scope=company', adminA)).json().count).toBe(1);
      expect((await callAs(t, 'GET', '/api/games/limite-fiche?search=alice', adminA)).json().count).toBe(1);
      expect((await callAs(t, 'GET', '/api/games/limite-fiche?search=nord', adminA)).json().count).toBe(1);
      expect((await callAs(t, 'GET', '/api/games/limite-fiche?status=blocked', adminA)).json().count).toBe(0);
      expect(
        (await callAs(t, 'GET', '/api/games/limite-fiche?sort=max_amount&order=desc', adminA)).json().results[0]
          .max_amount,
      ).toBe(500_000);
      expectErrorBody(await callAs(t, 'GET', '/api/games/limite-fiche?sort=company_id', adminA), 400);
      expectErrorBody(await callAs(t, 'GET', '/api/games/limite-fiche?scope=world', adminA), 400);
      const csv = await callAs(t, 'GET', '/api/games/limite-fiche?format=csv&sort=agent', adminA);
      expect(csv.headers['content-disposition']).toMatch(/limites-fiche-.*\.csv/);
      const lines = csv.body.split('\r\n');
      expect(lines[0]).toBe('\uFEFFPortée;Vendeur;Identifiant;Succursale;Montant maximum;Statut;Modifiée le');
      expect(lines[1]).toMatch(/^Compagnie;;;;5000,00;active;/);
      expect(lines[2]).toMatch(/^Vendeur;Alice Nom;agent_.*;Nord;1000,50;active;/);
    });

    it('offers the company’s agents to pick, with a search', async () => {
      const all = (await callAs(t, 'GET', '/api/games/limite-fiche/agents', adminA)).json();
      expect(all.map((c: { name: string }) => c.name)).toEqual(['Alice Nom', 'Bruno Nom']);
      const found = (await callAs(t, 'GET', '/api/games/limite-fiche/agents?search=BRU', adminA)).json();
      expect(found).toEqual([
        { id: agentSouth, name: 'Bruno Nom', username: expect.any(String), surcussale_name: 'Sud', has_limit: false },
      ]);
    });
  });

  describe('ticketLimitFor (sale)', () => {
    it('uses the agent’s own active limit, else the company’s, else none; blocked ones are suspended', async () => {
      const c = await createCompany(t.database);
      const admin = await token(await createUser(t.database, { role: 'company', companyId: c.id, fullAccess: true }));
      const ag = await agent(c.id, await branch(c.id, 'Centre'));
      expect(await ticketLimitFor(t.database.raw, c.id, ag)).toBeNull();
      const co = (await callAs(t, 'POST', '/api/games/add-limite-fiche', admin, { max_amount: 10_000 })).json();
      expect(await ticketLimitFor(t.database.raw, c.id, ag)).toBe(10_000);
      const own = (
        await callAs(t, 'POST', '/api/games/add-limite-fiche', admin, { agent_id: ag, max_amount: 2_500 })
      ).json();
      expect(await ticketLimitFor(t.database.raw, c.id, ag)).toBe(2_500);
      await callAs(t, 'POST', '/api/games/limite-fiche/block', admin, { id: own.id, blocked: true });
      expect(await ticketLimitFor(t.database.raw, c.id, ag)).toBe(10_000);
      await callAs(t, 'POST', '/api/games/limite-fiche/block', admin, { id: co.id, blocked: true });
      expect(await ticketLimitFor(t.database.raw, c.id, ag)).toBeNull();
    });
  });
});
