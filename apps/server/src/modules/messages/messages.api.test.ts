import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  callAs,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';
import { multipartBody, smallPng } from '../../../test/multipart-body';
import { messagesForAgent } from './messages.service';

describeApi('push messages', () => {
  let t: TestContext;
  let a: { id: number; ref_code: string };
  let b: { id: number; ref_code: string };
  let adminA: string;
  let adminB: string;
  let north: number;
  let south: number;
  let southB: number;
  let agentNorth: number;
  let agentSouth: number;
  let agentB: number;
  let supId: number;
  let supToken: string;
  let readOnlySup: string;

  const branch = async (companyId: number, name: string) =>
    (
      await t.database.raw.query<{ id: number }>(
        'INSERT INTO surcussales (company_id, name) VALUES ($1, $2) RETURNING id',
        [companyId, name],
      )
    )[0].id;
  const agent = async (companyId: number, surcussaleId: number) => {
    const u = await createUser(t.database, { role: 'agent', companyId });
    await t.database.raw.query('UPDATE users SET surcussale_id = $2 WHERE id = $1', [u.id, surcussaleId]);
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
    south = await branch(a.id, 'Sud');
    southB = await branch(b.id, 'Sud B');
    agentNorth = await agent(a.id, north);
    agentSouth = await agent(a.id, south);
    agentB = await agent(b.id, southB);
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_apppromote', 'add_apppromote'],
    });
    supId = sup.id;
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [a.id, supId, north],
    );
    supToken = await token(sup);
    readOnlySup = await token(await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: [] }));
  });
  afterAll(() => t?.close());

  const form = (method: 'POST' | 'PUT', tok: string, fields: Parameters<typeof multipartBody>[0], files = {}) => {
    const { payload, headers } = multipartBody(fields, files);
    return t.app.inject({ method, url: '/api/companies/messages', payload, headers: { ...headers, ...auth(tok) } });
  };
  const base = { title: 'Promo', text: 'Bonus de 10 %', audience: 'all', starts_at: '2025-01-15T09:00' };

  describe('CRUD', () => {
    it('creates (multipart, with a real PNG), reads, updates, lists and deletes, recording each write', async () => {
      const created = await form(
        'POST',
        adminA,
        { ...base, ends_at: '2025-01-31T18:30', status: 'active' },
        { image: { filename: 'promo.png', data: await smallPng(800, 600), contentType: 'image/png' } },
      );
      expect(created.statusCode).toBe(200);
      const m = created.json();
      expect(m).toMatchObject({
        title: 'Promo',
        text: 'Bonus de 10 %',
        audience: 'all',
        surcussale_id: null,
        agents: [],
        // Port-au-Prince is UTC-5 in January: stored in UTC, shown back on the company's clock.
        starts_at: '2025-01-15T14:00:00Z',
        ends_at: '2025-01-31T23:30:00Z',
        starts_at_local: '2025-01-15T09:00',
        ends_at_local: '2025-01-31T18:30',
        timezone: 'America/Port-au-Prince',
        status: 'active',
        period: 'ended',
        created_by_name: 'Prénom Nom',
      });
      expect(m.image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      const img = await t.app.inject({ url: m.image });
      expect(img.headers['content-type']).toBe('image/webp');

      const read = await callAs(t, 'GET', `/api/companies/messages?id=${m.id}`, adminA);
      expect(read.json()).toMatchObject({ id: m.id, title: 'Promo' });

      const updated = await callAs(t, 'PUT', '/api/companies/messages', adminA, {
        id: m.id,
        title: 'Promo Nord',
        text: 'Pour le Nord',
        audience: 'surcussale',
        surcussale_id: north,
        starts_at: '2025-07-01T08:00',
        ends_at: null,
        status: 'inactive',
      });
      expect(updated.statusCode).toBe(200);
      // July: UTC-4 (daylight saving time). The image is kept when none is sent.
      expect(updated.json()).toMatchObject({
        title: 'Promo Nord',
        audience: 'surcussale',
        surcussale_id: north,
        surcussale_name: 'Nord',
        starts_at: '2025-07-01T12:00:00Z',
        ends_at: null,
        status: 'inactive',
        image: m.image,
      });
      const noImage = await form('PUT', adminA, {
        id: m.id,
        title: 'Promo Nord',
        text: 'Pour le Nord',
        audience: 'agents',
        'agents[0]': agentNorth,
        'agents[1]': agentSouth,
        starts_at: '2025-07-01T08:00',
        remove_image: 'true',
      });
      expect(noImage.json()).toMatchObject({ image: null, audience: 'agents', surcussale_id: null });
      expect(noImage.json().agents.map((x: { id: number }) => x.id)).toEqual(
        [agentNorth, agentSouth].sort((x, y) => x - y),
      );

      const list = (await callAs(t, 'GET', '/api/companies/messages?search=promo%20nord', adminA)).json();
      expect(list).toMatchObject({ count: 1, page: 1, page_size: 25 });

      expect((await callAs(t, 'DELETE', '/api/companies/messages', adminA, { id: m.id })).json()).toEqual({ ok: true });
      expectErrorBody(await callAs(t, 'GET', `/api/companies/messages?id=${m.id}`, adminA), 404);
      const actions = await t.database.raw.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity = 'message' AND entity_id = $1 ORDER BY id",
        [String(m.id)],
      );
      expect(actions.map((r) => r.action)).toEqual(['create', 'update', 'update', 'delete']);
    });

    it('takes instants with an offset as they are, and reads wall-clock times in the company’s own time zone', async () => {
      const utc = await callAs(t, 'POST', '/api/companies/messages', adminA, {
        ...base,
        starts_at: '2025-01-15T14:00:00Z',
        ends_at: '2025-01-15T20:00:00-05:00',
      });
      expect(utc.json()).toMatchObject({ starts_at_local: '2025-01-15T09:00', ends_at: '2025-01-16T01:00:00Z' });
      await t.database.raw.query("UPDATE companies SET timezone = 'Europe/Paris' WHERE id = $1", [b.id]);
      const paris = await callAs(t, 'POST', '/api/companies/messages', adminB, {
        ...base,
        starts_at: '2025-01-15T09:00',
      });
      expect(paris.json()).toMatchObject({ starts_at: '2025-01-15T08:00:00Z', timezone: 'Europe/Paris' });
    });
  });

  describe('bad input', () => {
    it('refuses each bad field with a French message on that field', async () => {
      const cases: [object, string, RegExp][] = [
        [{ ...base, title: 'x' }, 'title', /2 caractères/],
        [{ ...base, text: '' }, 'text', /texte est requis/],
        [{ ...base, audience: 'everyone' }, 'audience', /Audience invalide/],
        [{ ...base, audience: 'surcussale' }, 'surcussale_id', /succursale visée/],
        [{ ...base, audience: 'agents', agents: [] }, 'agents', /au moins un vendeur/],
        [{ ...base, starts_at: '2025-02-30T10:00' }, 'starts_at', /invalides/],
        [{ ...base, starts_at: 'demain' }, 'starts_at', /invalides/],
        [{ ...base, starts_at: undefined }, 'starts_at', /début est requise/],
        [{ ...base, ends_at: '2025-01-14T09:00' }, 'ends_at', /après le début/],
        [
          { ...base, starts_at: '2025-01-15T14:00:00Z', ends_at: '2025-01-15T08:59:00-05:00' },
          'ends_at',
          /après le début/,
        ],
        [{ ...base, status: 'paused' }, 'status', /Statut invalide/],
        [{ ...base, audience: 'surcussale', surcussale_id: southB }, 'surcussale_id', /inconnue/],
        [{ ...base, audience: 'agents', agents: [agentNorth, agentB] }, 'agents', /inconnu/],
      ];
      for (const [payload, field, message] of cases) {
        const body = expectErrorBody(await callAs(t, 'POST', '/api/companies/messages', adminA, payload), 400);
        expect(body.fields?.[field], `${field} of ${JSON.stringify(payload)}`).toMatch(message);
      }
    });

    it('refuses a text file named .png on the image field', async () => {
      const res = await form('POST', adminA, base, {
        image: { filename: 'faux.png', data: Buffer.from('hello, I am text'), contentType: 'image/png' },
      });
      expect(expectErrorBody(res, 400).fields?.image).toMatch(/Image PNG, JPEG, WebP ou GIF attendue/);
      const [{ n }] = await t.database.raw.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM messages WHERE company_id = $1 AND title = 'Promo' AND image IS NULL AND starts_at = '2025-01-15T14:00:00Z' AND ends_at IS NULL",
        [a.id],
      );
      expect(n).toBe(0);
    });
  });

  describe('tenancy and permissions', () => {
    it('never shows or changes another company’s message (404, no data)', async () => {
      const secret = (
        await callAs(t, 'POST', '/api/companies/messages', adminB, { ...base, title: 'Secret de B' })
      ).json();
      const read = await callAs(t, 'GET', `/api/companies/messages?id=${secret.id}`, adminA);
      expectErrorBody(read, 404);
      expect(read.body).not.toContain('Secret de B');
      const supRead = await callAs(t, 'GET', `/api/companies/messages?id=${secret.id}`, supToken);
      expectErrorBody(supRead, 404);
      expect(supRead.body).not.toContain('Secret de B');
      expectErrorBody(await callAs(t, 'PUT', '/api/companies/messages', adminA, { ...base, id: secret.id }), 404);
      expectErrorBody(await callAs(t, 'DELETE', `/api/companies/messages?id=${secret.id}`, adminA), 404);
      const list = await callAs(t, 'GET', '/api/companies/messages?page_size=100', adminA);
      expect(list.body).not.toContain('Secret de B');
    });

    it('refuses writes without the codename (403), and everything without view_apppromote', async () => {
      const m = (await callAs(t, 'POST', '/api/companies/messages', adminA, base)).json();
      expect(
        expectErrorBody(await callAs(t, 'PUT', '/api/companies/messages', supToken, { ...base, id: m.id }), 403).code,
      ).toBe('PERMISSION_DENIED');
      expectErrorBody(await callAs(t, 'DELETE', '/api/companies/messages', supToken, { id: m.id }), 403);
      expectErrorBody(await callAs(t, 'GET', '/api/companies/messages', readOnlySup), 403);
      expectErrorBody(await callAs(t, 'POST', '/api/companies/messages', readOnlySup, base), 403);
      expectErrorBody(await callAs(t, 'GET', '/api/companies/messages/choices', readOnlySup), 403);
    });

    it('lets a supervisor target only the sub-branches and agents it watches', async () => {
      const choices = (await callAs(t, 'GET', '/api/companies/messages/choices', supToken)).json();
      expect(choices.surcussales.map((s: { name: string }) => s.name)).toEqual(['Nord']);
      expect(choices.agents.map((x: { id: number }) => x.id)).toEqual([agentNorth]);
      const full = (await callAs(t, 'GET', '/api/companies/messages/choices', adminA)).json();
      expect(full.agents.map((x: { id: number }) => x.id).sort()).toEqual([agentNorth, agentSouth].sort());
      const ok = await callAs(t, 'POST', '/api/companies/messages', supToken, {
        ...base,
        audience: 'agents',
        agents: [agentNorth],
      });
      expect(ok.statusCode).toBe(200);
      const refused = await callAs(t, 'POST', '/api/companies/messages', supToken, {
        ...base,
        audience: 'agents',
        agents: [agentSouth],
      });
      expect(expectErrorBody(refused, 400).fields?.agents).toBeTruthy();
      expectErrorBody(
        await callAs(t, 'POST', '/api/companies/messages', supToken, {
          ...base,
          audience: 'surcussale',
          surcussale_id: south,
        }),
        400,
      );
    });

    it('a superuser with « Toutes » may read but not write', async () => {
      const su = await token(await createUser(t.database, { role: 'superuser', fullAccess: true }));
      const list = (await callAs(t, 'GET', '/api/companies/messages?page_size=100', su)).json();
      expect(list.count).toBeGreaterThan(2);
      expect(expectErrorBody(await callAs(t, 'POST', '/api/companies/messages', su, base), 409).code).toBe(
        'COMPANY_REQUIRED',
      );
    });
  });

  describe('lists', () => {
    it('paginates, sorts, filters by status, audience and period, and exports CSV', async () => {
      const c = await createCompany(t.database);
      const admin = await token(await createUser(t.database, { role: 'company', companyId: c.id, fullAccess: true }));
      const now = Date.now();
      const at = (days: number) => new Date(now + days * 86_400_000).toISOString();
      await callAs(t, 'POST', '/api/companies/messages', admin, {
        ...base,
        title: 'Passé',
        starts_at: at(-10),
        ends_at: at(-5),
      });
      await callAs(t, 'POST', '/api/companies/messages', admin, {
        ...base,
        title: 'En cours',
        starts_at: at(-1),
        ends_at: at(1),
      });
      await callAs(t, 'POST', '/api/companies/messages', admin, { ...base, title: 'À venir', starts_at: at(3) });
      await callAs(t, 'POST', '/api/companies/messages', admin, {
        ...base,
        title: 'Éteint',
        starts_at: at(-1),
        status: 'inactive',
      });
      const p1 = (
        await callAs(t, 'GET', '/api/companies/messages?page_size=2&sort=starts_at&order=desc', admin)
      ).json();
      expect(p1.count).toBe(4);
      expect(p1.results.map((r: { title: string }) => r.title)).toEqual(['À venir', 'Éteint']);
      const p2 = (
        await callAs(t, 'GET', '/api/companies/messages?page_size=2&page=2&sort=starts_at&order=desc', admin)
      ).json();
      expect(p2.results.map((r: { title: string }) => r.title)).toEqual(['En cours', 'Passé']);
      const current = (await callAs(t, 'GET', '/api/companies/messages?period=current', admin)).json();
      expect(current.results.map((r: { title: string }) => r.title).sort()).toEqual(['En cours', 'Éteint']);
      const inactive = (await callAs(t, 'GET', '/api/companies/messages?status=inactive', admin)).json();
      expect(inactive.results.map((r: { title: string }) => r.title)).toEqual(['Éteint']);
      expect((await callAs(t, 'GET', '/api/companies/messages?audience=agents', admin)).json().count).toBe(0);
      expectErrorBody(await callAs(t, 'GET', '/api/companies/messages?sort=body', admin), 400);
      expectErrorBody(await callAs(t, 'GET', '/api/companies/messages?period=soon', admin), 400);
      const csv = await callAs(t, 'GET', '/api/companies/messages?format=csv&sort=title', admin);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toMatch(/messages-.*\.csv/);
      const lines = csv.body.split('\r\n');
      expect(lines[0]).toBe('\uFEFFTitre;Texte;Audience;Succursale;Vendeurs;Début;Fin;Fuseau;Statut;Créé par;Créé le');
      expect(lines).toHaveLength(6);
      expect(lines.find((l) => l.startsWith('À venir;'))).toMatch(
        /^À venir;Bonus de 10 %;Tous les vendeurs;;;\d{4}-\d\d-\d\d \d\d:\d\d;;America\/Port-au-Prince;actif;/,
      );
    });
  });

  describe('messagesForAgent (point of sale)', () => {
    it('gives an agent the active messages of its period addressed to all, its sub-branch, or itself', async () => {
      const c = await createCompany(t.database);
      const admin = await token(await createUser(t.database, { role: 'company', companyId: c.id, fullAccess: true }));
      const east = await branch(c.id, 'Est');
      const west = await branch(c.id, 'Ouest');
      const me = await agent(c.id, east);
      const other = await agent(c.id, west);
      const post = async (title: string, extra: object) =>
        (await callAs(t, 'POST', '/api/companies/messages', admin, { ...base, title, ...extra })).json().id as number;
      const period = { starts_at: '2025-06-01T00:00:00Z', ends_at: '2025-06-30T23:59:00Z' };
      const toAll = await post('Tous', period);
      const toEast = await post('Est', { ...period, audience: 'surcussale', surcussale_id: east });
      await post('Ouest', { ...period, audience: 'surcussale', surcussale_id: west });
      const toMe = await post('Moi', {
        ...period,
        starts_at: '2025-06-10T00:00:00Z',
        audience: 'agents',
        agents: [me],
      });
      await post('Autre', { ...period, audience: 'agents', agents: [other] });
      await post('Inactif', { ...period, status: 'inactive' });
      await post('Juillet', { starts_at: '2025-07-01T00:00:00Z' });
      await post('Sans fin', { starts_at: '2025-07-02T00:00:00Z' });

      const mid = new Date('2025-06-15T12:00:00Z');
      const got = await messagesForAgent(t.database.raw, c.id, me, mid);
      expect(got.map((m) => m.id)).toEqual([toMe, toEast, toAll]);
      expect(got[0]).toEqual({
        id: toMe,
        title: 'Moi',
        text: 'Bonus de 10 %',
        image: null,
        starts_at: '2025-06-10T00:00:00Z',
        ends_at: '2025-06-30T23:59:00Z',
      });
      // Before its start and after its end, a message is not shown; an open end lasts.
      expect(
        (await messagesForAgent(t.database.raw, c.id, me, new Date('2025-06-05T00:00:00Z'))).map((m) => m.title).sort(),
      ).toEqual(['Est', 'Tous']);
      expect(
        (await messagesForAgent(t.database.raw, c.id, me, new Date('2026-01-01T00:00:00Z'))).map((m) => m.title),
      ).toEqual(['Sans fin', 'Juillet']);
      // Another company's id, or an id that is not an agent of the company: nothing.
      expect(await messagesForAgent(t.database.raw, a.id, me, mid)).toEqual([]);
      expect(await messagesForAgent(t.database.raw, c.id, agentB, mid)).toEqual([]);
    });
  });
});
