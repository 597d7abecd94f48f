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

const PATH = '/api/companies/boules-block';

describeApi('blocked balls (boules-block)', () => {
  let t: TestContext;
  let w: LimitsWorld;
  let t1: { id: number; name: string };
  let t2: { id: number; name: string };
  let viewOnly: string;
  const count = async () =>
    (await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM boule_blocks'))[0].n;
  const post = (payload: object, tok = w.adminA) => w.call('POST', PATH, tok, payload);

  beforeAll(async () => {
    t = await createTestApp();
    w = await limitsWorld(t, ['view_bouleblock', 'add_bouleblock', 'change_bouleblock', 'block_boule']);
    [t1, t2] = w.a.tirages;
    const v = await createUser(t.database, {
      role: 'supervisor',
      companyId: w.a.company.id,
      permissions: ['view_bouleblock', 'add_bouleblock', 'change_bouleblock'],
    });
    viewOnly = (await login(t.app, v.username)).accessToken;
  });
  afterAll(() => t?.close());

  describe('CRUD', () => {
    it('blocks balls, mariages and loto numbers, for all draws or one, deriving what each covers', async () => {
      const ball = (await post({ number: '12' })).json();
      expect(ball).toMatchObject({
        number: '12',
        kind: 'boule',
        tirage_id: null,
        tirage_name: null,
        blocked: true,
        note: null,
      });
      expect(ball.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const m = (await post({ number: ' 34 * 12 ', tirage_id: t1.id, note: ' Trop joué ' })).json();
      expect(m).toMatchObject({
        number: '12*34',
        kind: 'mariage',
        tirage_id: t1.id,
        tirage_name: t1.name,
        note: 'Trop joué',
      });
      const kinds = [];
      for (const number of ['123', '1234', '12345']) kinds.push((await post({ number })).json().kind);
      expect(kinds).toEqual(['loto3', 'loto4', 'loto5']);
      // The same number elsewhere is another block; the same again is a 409 on the number.
      expect((await post({ number: '12', tirage_id: t2.id })).statusCode).toBe(200);
      const dup = expectErrorBody(await post({ number: '12' }), 409);
      expect(dup.fields?.number).toBe('Ce numéro est déjà bloqué pour tous les tirages.');
      await w.call('POST', `${PATH}/block`, w.adminA, { id: ball.id, blocked: false });
      expect(expectErrorBody(await post({ number: '12' }), 409).fields?.number).toMatch(/levé.*rebloquez-le/);
      expect(await count()).toBe(6);
      const [by] = await t.database.raw.query<{ role: string }>(
        'SELECT u.role FROM boule_blocks b JOIN users u ON u.id = b.created_by WHERE b.id = $1',
        [ball.id],
      );
      expect(by).toEqual({ role: 'company' });
      await t.database.raw.query('DELETE FROM boule_blocks');
    });

    it('reads one, updates it, lifts and blocks it again, deletes it, recording each write', async () => {
      const b = (await post({ number: '45', tirage_id: t1.id })).json();
      const other = (await post({ number: '46' })).json();
      expect((await w.call('GET', `${PATH}?id=${b.id}`, w.adminA)).json()).toEqual(b);
      const up = await w.call('PUT', PATH, w.adminA, { id: b.id, number: '47', tirage_id: null, note: 'x' });
      expect(up.json()).toMatchObject({ id: b.id, number: '47', tirage_id: null, note: 'x', blocked: true });
      const clash = await w.call('PUT', PATH, w.adminA, { id: b.id, number: '46' });
      expect(expectErrorBody(clash, 409).fields?.number).toMatch(/déjà bloqué/);
      const lift = await w.call('POST', `${PATH}/block`, w.adminA, { id: b.id, blocked: false });
      expect(lift.json().blocked).toBe(false);
      expect((await w.call('POST', `${PATH}/block`, w.adminA, { id: b.id, blocked: true })).json().blocked).toBe(true);
      expect((await w.call('DELETE', `${PATH}?id=${b.id}`, w.adminA)).json()).toEqual({ ok: true });
      expectErrorBody(await w.call('GET', `${PATH}?id=${b.id}`, w.adminA), 404);
      expect((await w.call('DELETE', PATH, w.adminA, { id: other.id })).json()).toEqual({ ok: true });
      const trail = await t.database.raw.query<{ action: string; before: unknown; after: unknown }>(
        "SELECT action, before, after FROM audit_log WHERE entity = 'boule_block' AND entity_id = $1 ORDER BY id",
        [String(b.id)],
      );
      expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'unblock', 'block', 'delete']);
      expect(trail[1]).toMatchObject({ before: { number: '45', tirage_id: t1.id }, after: { number: '47' } });
      expect(await count()).toBe(0);
    });
  });

  it('refuses bad input with a French message on the field, writing nothing', async () => {
    const cases: [object, string, RegExp][] = [
      [{}, 'number', /numéro est requis/],
      [{ number: '' }, 'number', /Numéro invalide/],
      [{ number: 'ab' }, 'number', /Numéro invalide/],
      [{ number: '1' }, 'number', /Numéro invalide/],
      [{ number: '123456' }, 'number', /Numéro invalide/],
      [{ number: '12*3' }, 'number', /Numéro invalide/],
      [{ number: '12*12' }, 'number', /deux fois la même boule/],
      [{ number: 12 }, 'number', /numéro est requis|Numéro/],
      [{ number: '12', tirage_id: 'x' }, 'tirage_id', /tirage est invalide/],
      [{ number: '12', tirage_id: w.b.tirages[0].id }, 'tirage_id', /Tirage inconnu/],
      [{ number: '12', note: 'x'.repeat(201) }, 'note', /trop longue/],
    ];
    for (const [payload, field, message] of cases) {
      const body = expectErrorBody(await post(payload), 400);
      expect(body.fields?.[field], JSON.stringify(payload)).toMatch(message);
    }
    expectErrorBody(await w.call('PUT', PATH, w.adminA, { number: '12' }), 400);
    expectErrorBody(await w.call('POST', `${PATH}/block`, w.adminA, { id: 1 }), 400);
    expectErrorBody(await w.call('DELETE', PATH, w.adminA), 400);
    expectErrorBody(await w.call('GET', `${PATH}?blocked=maybe`, w.adminA), 400);
    expectErrorBody(await w.call('GET', `${PATH}?sort=company_id`, w.adminA), 400);
    expect(await count()).toBe(0);
  });

  describe('tenancy and permissions', () => {
    it('never shows nor changes another company’s block (404, no data)', async () => {
      const theirs = (await post({ number: '88', note: 'secret-de-B' }, w.adminB)).json();
      for (const tok of [w.adminA, w.sup]) {
        const read = await w.call('GET', `${PATH}?id=${theirs.id}`, tok);
        expectErrorBody(read, 404);
        expect(read.body).not.toContain('secret-de-B');
        expect((await w.call('GET', `${PATH}?page_size=100`, tok)).body).not.toContain('secret-de-B');
        expectErrorBody(await w.call('PUT', PATH, tok, { id: theirs.id, number: '89' }), 404);
        expectErrorBody(await w.call('POST', `${PATH}/block`, tok, { id: theirs.id, blocked: false }), 404);
        expectErrorBody(await w.call('DELETE', `${PATH}?id=${theirs.id}`, tok), 404);
      }
      const [row] = await t.database.raw.query('SELECT number, active FROM boule_blocks WHERE id = $1', [theirs.id]);
      expect(row).toEqual({ number: '88', active: true });
      await w.call('DELETE', `${PATH}?id=${theirs.id}`, w.adminB);
    });

    it('refuses a supervisor without the codename (403) and lets one holding it', async () => {
      const mine = (await post({ number: '90' })).json();
      const denied = (res: Awaited<ReturnType<LimitsWorld['call']>>) =>
        expect(expectErrorBody(res, 403).code).toBe('PERMISSION_DENIED');
      denied(await w.call('GET', PATH, w.noPermSup));
      denied(await w.call('POST', PATH, w.noPermSup, { number: '91' }));
      denied(await w.call('PUT', PATH, w.noPermSup, { id: mine.id, number: '91' }));
      denied(await w.call('DELETE', `${PATH}?id=${mine.id}`, w.noPermSup));
      denied(await w.call('POST', `${PATH}/block`, w.noPermSup, { id: mine.id, blocked: false }));
      // view/add/change but not block_boule.
      expect((await w.call('GET', PATH, viewOnly)).statusCode).toBe(200);
      denied(await w.call('POST', `${PATH}/block`, viewOnly, { id: mine.id, blocked: false }));
      expect((await w.call('GET', `${PATH}?id=${mine.id}`, w.adminA)).json().blocked).toBe(true);
      expect((await w.call('POST', `${PATH}/block`, w.sup, { id: mine.id, blocked: false })).json().blocked).toBe(
        false,
      );
      expect((await w.call('DELETE', `${PATH}?id=${mine.id}`, w.sup)).json()).toEqual({ ok: true });
      expect((await t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    });
  });

  it('pages, sorts, filters, searches and exports CSV', async () => {
    const a = (await post({ number: '23', note: 'Note A' })).json();
    const m = (await post({ number: '12*34', tirage_id: t1.id })).json();
    const c = (await post({ number: '123', tirage_id: t2.id })).json();
    await w.call('POST', `${PATH}/block`, w.adminA, { id: c.id, blocked: false });
    const list = (q: string) => w.call('GET', `${PATH}?${q}`, w.adminA).then((r) => r.json());
    const p1 = await list('sort=number&page_size=2');
    expect(p1).toMatchObject({ count: 3, page: 1, page_size: 2 });
    expect(p1.results.map((r: { id: number }) => r.id)).toEqual([m.id, c.id]);
    expect((await list('sort=number&page_size=2&page=2')).results.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await list('sort=number&order=desc')).results[0].id).toBe(a.id);
    expect((await list(`tirage_id=${t1.id}`)).results.map((r: { id: number }) => r.id)).toEqual([m.id]);
    expect((await list('blocked=false')).results.map((r: { id: number }) => r.id)).toEqual([c.id]);
    expect((await list('blocked=true')).count).toBe(2);
    expect((await list('search=note a')).results.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await list('search=*3')).results.map((r: { id: number }) => r.id)).toEqual([m.id]);
    const csv = await w.call('GET', `${PATH}?format=csv&sort=number`, w.adminA);
    expect(csv.headers['content-disposition']).toMatch(/boules-bloquees-.*\.csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFNuméro;Portée;Tirage;Bloqué;Note;Modifié le');
    expect(lines[1]).toMatch(new RegExp(`^12\\*34;Mariage;${t1.name};oui;;`));
    expect(lines[2]).toMatch(new RegExp(`^123;Loto 3;${t2.name};non;;`));
    expect(lines[3]).toMatch(/^23;Boule \(bolet et mariages\);Tous les tirages;oui;Note A;/);
  });
});
