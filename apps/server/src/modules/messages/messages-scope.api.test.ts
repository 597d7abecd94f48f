import { afterAll, beforeAll, expect, it } from 'vitest';
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

/**
 * Issue 15, defect 4: a supervisor watching one sub-branch sent messages to « all » and read, rewrote and
 * deleted the admin's messages to sub-branches it does not watch. It now sees and writes only messages
 * whose whole audience it watches.
 */
describeApi('push messages: a supervisor stays within what it watches', () => {
  let t: TestContext;
  let companyA: { id: number; ref_code: string };
  let admin: string;
  let adminB: string;
  let sup: string;
  let supNoChange: string;
  let north: number;
  let south: number;
  let agentNorth: number;
  let agentSouth: number;
  /** In the south, but assigned to the supervisor by name. */
  let agentAssigned: number;
  const ids: Record<string, number> = {};

  const base = { title: 'Annonce', text: 'Texte', starts_at: '2025-01-15T09:00' };
  const post = async (tok: string, title: string, target: object) => {
    const res = await callAs(t, 'POST', '/api/companies/messages', tok, { ...base, title, ...target });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };
  const row = async (id: number) =>
    (
      await t.database.raw.query<{ title: string; audience: string; surcussale_id: number | null }>(
        'SELECT title, audience, surcussale_id FROM messages WHERE id = $1',
        [id],
      )
    )[0];

  beforeAll(async () => {
    t = await createTestApp();
    companyA = await createCompany(t.database);
    const companyB = await createCompany(t.database);
    const token = async (u: { username: string }) => (await login(t.app, u.username)).accessToken;
    admin = await token(await createUser(t.database, { role: 'company', companyId: companyA.id, fullAccess: true }));
    adminB = await token(await createUser(t.database, { role: 'company', companyId: companyB.id, fullAccess: true }));
    const branch = async (name: string) =>
      (
        await t.database.raw.query<{ id: number }>(
          'INSERT INTO surcussales (company_id, name) VALUES ($1, $2) RETURNING id',
          [companyA.id, name],
        )
      )[0].id;
    north = await branch('Nord');
    south = await branch('Sud');
    const agent = async (surcussaleId: number) => {
      const u = await createUser(t.database, { role: 'agent', companyId: companyA.id, fullAccess: true });
      await t.database.raw.query('UPDATE users SET surcussale_id = $2 WHERE id = $1', [u.id, surcussaleId]);
      return u.id;
    };
    agentNorth = await agent(north);
    agentSouth = await agent(south);
    agentAssigned = await agent(south);
    const supervisor = await createUser(t.database, {
      role: 'supervisor',
      companyId: companyA.id,
      permissions: ['view_apppromote', 'add_apppromote', 'change_apppromote'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [companyA.id, supervisor.id, north],
    );
    await t.database.raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [agentAssigned, supervisor.id]);
    sup = await token(supervisor);
    const readOnly = await createUser(t.database, {
      role: 'supervisor',
      companyId: companyA.id,
      permissions: ['view_apppromote', 'add_apppromote'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [companyA.id, readOnly.id, north],
    );
    supNoChange = await token(readOnly);

    ids.all = await post(admin, 'Pour tous', { audience: 'all' });
    ids.south = await post(admin, 'Pour le sud', { audience: 'surcussale', surcussale_id: south });
    ids.southAgent = await post(admin, 'Vendeur du sud', { audience: 'agents', agents: [agentSouth] });
    ids.mixed = await post(admin, 'Nord et sud', { audience: 'agents', agents: [agentNorth, agentSouth] });
    ids.north = await post(admin, 'Pour le nord', { audience: 'surcussale', surcussale_id: north });
    ids.northAgent = await post(admin, 'Vendeur du nord', { audience: 'agents', agents: [agentNorth] });
    ids.assigned = await post(admin, 'Vendeur confié', { audience: 'agents', agents: [agentAssigned, agentNorth] });
    ids.foreign = await post(adminB, 'Compagnie B', { audience: 'all' });
  });
  afterAll(() => t?.close());

  const hidden = ['all', 'south', 'southAgent', 'mixed'];

  it('lists and shows only the messages whose whole audience it watches', async () => {
    const page = (await callAs(t, 'GET', '/api/companies/messages?page_size=100', sup)).json();
    const titles = page.results.map((m: { title: string }) => m.title).sort();
    expect(titles).toEqual(['Pour le nord', 'Vendeur confié', 'Vendeur du nord']);
    expect(page.count).toBe(3);
    const csv = await callAs(t, 'GET', '/api/companies/messages?format=csv', sup);
    expect(csv.body).not.toContain('Pour le sud');
    expect(csv.body).not.toContain('Pour tous');
    for (const key of [...hidden, 'foreign']) {
      const res = await callAs(t, 'GET', `/api/companies/messages?id=${ids[key]}`, sup);
      expectErrorBody(res, 404);
      expect(res.body).not.toContain('Texte');
    }
    expect((await callAs(t, 'GET', `/api/companies/messages?id=${ids.north}`, sup)).json().title).toBe('Pour le nord');
    // The admin still sees every message of its company.
    expect((await callAs(t, 'GET', '/api/companies/messages?page_size=100', admin)).json().count).toBe(7);
  });

  it('neither rewrites nor deletes them (404), and they stay as the admin wrote them', async () => {
    for (const key of hidden) {
      const before = await row(ids[key]);
      const put = await callAs(t, 'PUT', '/api/companies/messages', sup, {
        ...base,
        id: ids[key],
        title: 'Réécrit',
        audience: 'surcussale',
        surcussale_id: north,
      });
      expectErrorBody(put, 404);
      expectErrorBody(await callAs(t, 'DELETE', '/api/companies/messages', sup, { id: ids[key] }), 404);
      expect(await row(ids[key])).toEqual(before);
    }
    // Without change_apppromote: 403 even in its scope.
    expectErrorBody(await callAs(t, 'DELETE', '/api/companies/messages', supNoChange, { id: ids.north }), 403);
    const mine = await callAs(t, 'PUT', '/api/companies/messages', sup, {
      ...base,
      id: ids.northAgent,
      title: 'Corrigé',
      audience: 'agents',
      agents: [agentNorth],
    });
    expect(mine.json().title).toBe('Corrigé');
  });

  it('refuses « all » and targets it does not watch when it writes', async () => {
    const before = (await t.database.raw.query('SELECT count(*)::int AS n FROM messages'))[0];
    const all = await callAs(t, 'POST', '/api/companies/messages', sup, { ...base, audience: 'all' });
    expect(expectErrorBody(all, 400).fields?.audience).toMatch(/qu’il surveille/);
    const widen = await callAs(t, 'PUT', '/api/companies/messages', sup, { ...base, id: ids.north, audience: 'all' });
    expectErrorBody(widen, 400);
    expect((await row(ids.north)).audience).toBe('surcussale');
    const south_ = await callAs(t, 'POST', '/api/companies/messages', sup, {
      ...base,
      audience: 'surcussale',
      surcussale_id: south,
    });
    expectErrorBody(south_, 400);
    const mixed = await callAs(t, 'POST', '/api/companies/messages', sup, {
      ...base,
      audience: 'agents',
      agents: [agentNorth, agentSouth],
    });
    expectErrorBody(mixed, 400);
    expect((await t.database.raw.query('SELECT count(*)::int AS n FROM messages'))[0]).toEqual(before);
    // Its own message to its sub-branch: created, listed.
    const own = await post(sup, 'Du superviseur', { audience: 'surcussale', surcussale_id: north });
    expect((await callAs(t, 'GET', `/api/companies/messages?id=${own}`, sup)).statusCode).toBe(200);
  });

  it('loses a message the admin moves out of its scope in parallel: the admin’s version stands', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await post(admin, `Course ${round}`, { audience: 'surcussale', surcussale_id: north });
      const [byAdmin, bySup] = await Promise.all([
        callAs(t, 'PUT', '/api/companies/messages', admin, {
          ...base,
          id,
          title: `Admin ${round}`,
          audience: 'surcussale',
          surcussale_id: south,
        }),
        callAs(t, 'PUT', '/api/companies/messages', sup, {
          ...base,
          id,
          title: `Superviseur ${round}`,
          audience: 'surcussale',
          surcussale_id: north,
        }),
      ]);
      expect(byAdmin.statusCode).toBe(200);
      expect([200, 404]).toContain(bySup.statusCode);
      // Either the supervisor wrote first (then the admin's write replaced it) or it was refused.
      expect(await row(id)).toEqual({ title: `Admin ${round}`, audience: 'surcussale', surcussale_id: south });
    }
  });
});
