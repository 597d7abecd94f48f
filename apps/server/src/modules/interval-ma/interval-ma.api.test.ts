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

const LIST = '/api/companies/list-interval-ma';
const ADD = '/api/companies/add-interval-ma';
const EDIT = '/api/companies/edit-interval-ma';
const DEL = '/api/companies/interval-ma';
const BLOCK = '/api/companies/interval-ma/block';

describeApi('free mariage intervals (interval-ma)', () => {
  let t: TestContext;
  let w: LimitsWorld;
  let addOnly: string;
  const count = async () =>
    (await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM interval_mas'))[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    w = await limitsWorld(t, ['add_typegame', 'change_typegame', 'mariage_free']);
    const u = await createUser(t.database, {
      role: 'supervisor',
      companyId: w.a.company.id,
      permissions: ['add_typegame'],
    });
    addOnly = (await login(t.app, u.username)).accessToken;
  });
  afterAll(() => t?.close());

  describe('CRUD', () => {
    it('creates, lists, updates, suspends, resumes and deletes, recording each write', async () => {
      const res = await w.call('POST', ADD, w.adminA, { min_amount: 5000, max_amount: 9999, count: 1 });
      expect(res.statusCode, res.body).toBe(200);
      const i = res.json();
      expect(i).toMatchObject({ min_amount: 5000, max_amount: 9999, count: 1, status: 'active' });
      expect(i.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      // No upper bound; overlapping intervals are allowed (the sale takes the largest count).
      const open = (await w.call('POST', ADD, w.adminA, { min_amount: 25_000, max_amount: '', count: 3 })).json();
      expect(open.max_amount).toBeNull();
      const over = await w.call('POST', ADD, w.adminA, { min_amount: 9000, max_amount: 30_000, count: 2 });
      expect(over.statusCode).toBe(200);
      const up = await w.call('PUT', EDIT, w.adminA, { id: i.id, min_amount: 5000, max_amount: 8999, count: 2 });
      expect(up.json()).toMatchObject({ id: i.id, max_amount: 8999, count: 2 });
      expect((await w.call('POST', BLOCK, w.adminA, { id: i.id, blocked: true })).json().status).toBe('blocked');
      expect((await w.call('POST', BLOCK, w.adminA, { id: i.id, blocked: false })).json().status).toBe('active');
      expect((await w.call('DELETE', `${DEL}?id=${i.id}`, w.adminA)).json()).toEqual({ ok: true });
      expectErrorBody(await w.call('DELETE', `${DEL}?id=${i.id}`, w.adminA), 404);
      expect((await w.call('DELETE', DEL, w.adminA, { id: open.id })).json()).toEqual({ ok: true });
      expect((await w.call('DELETE', DEL, w.adminA, { id: over.json().id })).json()).toEqual({ ok: true });
      const trail = await t.database.raw.query<{ action: string; before: unknown; after: unknown }>(
        "SELECT action, before, after FROM audit_log WHERE entity = 'interval_ma' AND entity_id = $1 ORDER BY id",
        [String(i.id)],
      );
      expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'block', 'unblock', 'delete']);
      expect(trail[1]).toMatchObject({ before: { max_amount: 9999, count: 1 }, after: { max_amount: 8999, count: 2 } });
      expect(await count()).toBe(0);
    });
  });

  it('refuses bad input with a French message on the field, writing nothing', async () => {
    const ok = { min_amount: 5000, max_amount: 9999, count: 1 };
    const cases: [object, string, RegExp][] = [
      [{ ...ok, min_amount: undefined }, 'min_amount', /montant minimum est requis/],
      [{ ...ok, min_amount: -1 }, 'min_amount', /négatif/],
      [{ ...ok, min_amount: 10.5 }, 'min_amount', /centimes/],
      [{ ...ok, max_amount: 4999 }, 'max_amount', /au moins égal au minimum/],
      [{ ...ok, max_amount: 'x' }, 'max_amount', /montant maximum/],
      [{ ...ok, count: undefined }, 'count', /mariages gratuits est requis/],
      [{ ...ok, count: 0 }, 'count', /Au moins 1/],
      [{ ...ok, count: 11 }, 'count', /10 mariages gratuits au plus/],
      [{ ...ok, count: 1.5 }, 'count', /entier/],
    ];
    for (const [payload, field, message] of cases) {
      const body = expectErrorBody(await w.call('POST', ADD, w.adminA, payload), 400);
      expect(body.fields?.[field], JSON.stringify(payload)).toMatch(message);
    }
    expectErrorBody(await w.call('PUT', EDIT, w.adminA, ok), 400);
    expectErrorBody(await w.call('PUT', EDIT, w.adminA, { id: 1, ...ok, count: 0 }), 400);
    expectErrorBody(await w.call('POST', BLOCK, w.adminA, { id: 1 }), 400);
    expectErrorBody(await w.call('DELETE', DEL, w.adminA), 400);
    expectErrorBody(await w.call('GET', `${LIST}?status=x`, w.adminA), 400);
    expectErrorBody(await w.call('GET', `${LIST}?sort=company_id`, w.adminA), 400);
    expect(await count()).toBe(0);
  });

  describe('tenancy and permissions', () => {
    it('never shows nor changes another company’s interval (404, no data)', async () => {
      const theirs = (await w.call('POST', ADD, w.adminB, { min_amount: 777_777, count: 7 })).json();
      for (const tok of [w.adminA, w.sup]) {
        expect((await w.call('GET', `${LIST}?page_size=100`, tok)).body).not.toContain('777777');
        const edit = await w.call('PUT', EDIT, tok, { id: theirs.id, min_amount: 1, max_amount: null, count: 1 });
        expectErrorBody(edit, 404);
        expect(edit.body).not.toContain('777777');
        expectErrorBody(await w.call('POST', BLOCK, tok, { id: theirs.id, blocked: true }), 404);
        expectErrorBody(await w.call('DELETE', `${DEL}?id=${theirs.id}`, tok), 404);
      }
      const [row] = await t.database.raw.query('SELECT min_amount, count, status FROM interval_mas WHERE id = $1', [
        theirs.id,
      ]);
      expect(row).toEqual({ min_amount: 777_777, count: 7, status: 'active' });
      await w.call('DELETE', `${DEL}?id=${theirs.id}`, w.adminB);
    });

    it('gates the list and creation with add_typegame, changes with change_typegame, the toggle with mariage_free', async () => {
      const mine = (await w.call('POST', ADD, w.adminA, { min_amount: 100, max_amount: 200, count: 1 })).json();
      const denied = (res: Awaited<ReturnType<LimitsWorld['call']>>) =>
        expect(expectErrorBody(res, 403).code).toBe('PERMISSION_DENIED');
      denied(await w.call('GET', LIST, w.noPermSup));
      denied(await w.call('POST', ADD, w.noPermSup, { min_amount: 1, count: 1 }));
      for (const tok of [w.noPermSup, addOnly]) {
        denied(await w.call('PUT', EDIT, tok, { id: mine.id, min_amount: 1, max_amount: 2, count: 2 }));
        denied(await w.call('DELETE', `${DEL}?id=${mine.id}`, tok));
        denied(await w.call('POST', BLOCK, tok, { id: mine.id, blocked: true }));
      }
      expect((await w.call('GET', LIST, addOnly)).json().count).toBe(1);
      expect(
        (await t.database.raw.query('SELECT count, status FROM interval_mas WHERE id = $1', [mine.id]))[0],
      ).toEqual({
        count: 1,
        status: 'active',
      });
      // The supervisor holding the codenames may.
      expect((await w.call('POST', BLOCK, w.sup, { id: mine.id, blocked: true })).json().status).toBe('blocked');
      expect((await w.call('DELETE', `${DEL}?id=${mine.id}`, w.sup)).json()).toEqual({ ok: true });
      expect((await t.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
    });
  });

  it('pages, sorts, filters and exports CSV', async () => {
    const ids: number[] = [];
    for (const [min, max, n] of [
      [25_000, null, 3],
      [5000, 9999, 1],
      [10_000, 24_999, 2],
    ] as const)
      ids.push((await w.call('POST', ADD, w.adminA, { min_amount: min, max_amount: max, count: n })).json().id);
    await w.call('POST', BLOCK, w.adminA, { id: ids[2], blocked: true });
    const list = (q: string) => w.call('GET', `${LIST}?${q}`, w.adminA).then((r) => r.json());
    const p1 = await list('page_size=2');
    expect(p1).toMatchObject({ count: 3, page: 1, page_size: 2 });
    expect(p1.results.map((r: { min_amount: number }) => r.min_amount)).toEqual([5000, 10_000]);
    expect((await list('page_size=2&page=2')).results[0].id).toBe(ids[0]);
    expect((await list('sort=count&order=desc')).results[0].count).toBe(3);
    expect((await list('status=blocked')).results.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    const csv = await w.call('GET', `${LIST}?format=csv`, w.adminA);
    expect(csv.headers['content-disposition']).toMatch(/mariages-gratuits-.*\.csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFMontant minimum;Montant maximum;Mariages gratuits;Statut;Modifié le');
    expect(lines[1]).toMatch(/^50,00;99,99;1;actif;/);
    expect(lines[2]).toMatch(/^100,00;249,99;2;suspendu;/);
    expect(lines[3]).toMatch(/^250,00;Sans maximum;3;actif;/);
  });
});
