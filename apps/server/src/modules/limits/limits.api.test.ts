import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LimitsWorld, limitsWorld } from '../../../test/fixtures/limits.fixtures';
import { createTestApp, describeApi, expectErrorBody, type TestContext } from '../../../test/helpers';

/** The four limit kinds: same shapes, each on its own path; `extra` is what the kind adds to a body. */
const KINDS = [
  { kind: 'game', path: '/api/companies/type-games', agent: false, ball: false },
  { kind: 'game-agent', path: '/api/companies/type-games-agent', agent: true, ball: false },
  { kind: 'boule', path: '/api/companies/type-boules', agent: false, ball: true },
  { kind: 'boule-agent', path: '/api/companies/type-boules-agent', agent: true, ball: true },
] as const;
type Kind = (typeof KINDS)[number];

describeApi('sale limits: CRUD, validation, lists', () => {
  let t: TestContext;
  let w: LimitsWorld;
  let t1: { id: number; name: string };
  let t2: { id: number; name: string };
  const extra = (k: Kind, number = '23', agent?: number) => ({
    ...(k.agent ? { agent_id: agent ?? w.alice } : {}),
    ...(k.ball ? { number } : {}),
  });
  const count = async () =>
    (await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM sale_limits'))[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    w = await limitsWorld(t, []);
    [t1, t2] = w.a.tirages;
  });
  afterAll(() => t?.close());

  describe.each(KINDS)('$kind ($path)', (k) => {
    it('creates, reads, updates, suspends, resumes and deletes, recording each write', async () => {
      const created = await w.call('POST', k.path, w.adminA, { code: 20, max_amount: 3000, ...extra(k, '23') });
      expect(created.statusCode, created.body).toBe(200);
      const l = created.json();
      expect(l).toMatchObject({
        kind: k.kind,
        code: 20,
        number: k.ball ? '23' : null,
        agent_id: k.agent ? w.alice : null,
        agent_name: k.agent ? 'Alice Nom' : null,
        tirage_id: null,
        tirage_name: null,
        max_amount: 3000,
        status: 'active',
        sold_today: 0,
      });
      expect(l.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect((await w.call('GET', `${k.path}?id=${l.id}`, w.adminA)).json()).toEqual(l);
      // Another kind's path does not answer it.
      const other = KINDS.find((x) => x.kind !== k.kind) as Kind;
      expectErrorBody(await w.call('GET', `${other.path}?id=${l.id}`, w.adminA), 404);

      // The same target again: 409 on the field that names it; another draw is another target.
      const dup = await w.call('POST', k.path, w.adminA, { code: 20, max_amount: 1, ...extra(k, '23') });
      expect(expectErrorBody(dup, 409).fields?.[k.ball ? 'number' : 'code']).toMatch(/tous les tirages : modifiez-la/);
      const onT1 = (
        await w.call('POST', k.path, w.adminA, { code: 20, tirage_id: t1.id, max_amount: 1, ...extra(k, '23') })
      ).json();
      expect(onT1).toMatchObject({ tirage_id: t1.id, tirage_name: t1.name });

      const put = await w.call('PUT', k.path, w.adminA, {
        id: l.id,
        code: 20,
        tirage_id: t2.id,
        max_amount: 5000,
        ...extra(k, '24', w.bruno),
      });
      expect(put.json()).toMatchObject({
        id: l.id,
        tirage_id: t2.id,
        max_amount: 5000,
        number: k.ball ? '24' : null,
        agent_id: k.agent ? w.bruno : null,
      });
      const clash = await w.call('PUT', k.path, w.adminA, {
        id: l.id,
        code: 20,
        tirage_id: t1.id,
        max_amount: 5000,
        ...extra(k, '23'),
      });
      expect(expectErrorBody(clash, 409).message).toMatch(/ce tirage : modifiez-la/);

      const block = (blocked: boolean) => w.call('POST', `${k.path}/block`, w.adminA, { id: l.id, blocked });
      expect((await block(true)).json().status).toBe('blocked');
      expect((await w.call('GET', `${k.path}?status=blocked`, w.adminA)).json().count).toBe(1);
      expect((await block(false)).json().status).toBe('active');
      expect((await w.call('DELETE', `${k.path}?id=${l.id}`, w.adminA)).json()).toEqual({ ok: true });
      expectErrorBody(await w.call('GET', `${k.path}?id=${l.id}`, w.adminA), 404);
      expect((await w.call('DELETE', k.path, w.adminA, { id: onT1.id })).json()).toEqual({ ok: true });
      expectErrorBody(await w.call('DELETE', k.path, w.adminA, { id: onT1.id }), 404);

      const trail = await t.database.raw.query<{ action: string; before: unknown; after: unknown }>(
        "SELECT action, before, after FROM audit_log WHERE entity = 'sale_limit' AND entity_id = $1 ORDER BY id",
        [String(l.id)],
      );
      expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'block', 'unblock', 'delete']);
      expect(trail[1]).toMatchObject({
        before: { kind: k.kind, max_amount: 3000, tirage_id: null },
        after: { kind: k.kind, max_amount: 5000, tirage_id: t2.id },
      });
      expect(await count()).toBe(0);
    });

    it('refuses bad input with a French message on the field, writing nothing', async () => {
      const ok = { code: 20, max_amount: 1000, ...extra(k, '23') };
      const cases: [object, string, RegExp][] = [
        [{ ...ok, code: undefined }, 'code', /jeu est requis/i],
        [{ ...ok, code: 44 }, 'code', /Jeu inconnu/],
        [{ ...ok, code: 'bolet' }, 'code', /jeu/i],
        [{ ...ok, max_amount: undefined }, 'max_amount', /montant maximum est requis/],
        [{ ...ok, max_amount: -100 }, 'max_amount', /négatif/],
        [{ ...ok, max_amount: 12.5 }, 'max_amount', /centimes/],
        [{ ...ok, max_amount: 1e12 }, 'max_amount', /trop grand/],
        [{ ...ok, tirage_id: 'x' }, 'tirage_id', /tirage est invalide/],
        [{ ...ok, tirage_id: w.b.tirages[0].id }, 'tirage_id', /Tirage inconnu/],
      ];
      if (k.agent) {
        cases.push([{ ...ok, agent_id: undefined }, 'agent_id', /vendeur est requis/]);
        cases.push([{ ...ok, agent_id: w.agentB }, 'agent_id', /Vendeur inconnu/]);
        cases.push([{ ...ok, agent_id: w.a.agents.length + 999_999 }, 'agent_id', /Vendeur inconnu/]);
      }
      if (k.ball) {
        cases.push([{ ...ok, number: undefined }, 'number', /numéro est requis/]);
        cases.push([{ ...ok, number: '5' }, 'number', /2 chiffres/]);
        cases.push([{ ...ok, number: '123' }, 'number', /2 chiffres/]);
        cases.push([{ ...ok, code: 30, number: '12' }, 'number', /3 chiffres/]);
        cases.push([{ ...ok, code: 40, number: '12-34' }, 'number', /mariage/]);
        cases.push([{ ...ok, code: 40, number: '12*12' }, 'number', /deux fois la même boule/]);
      }
      for (const [payload, field, message] of cases) {
        const res = await w.call('POST', k.path, w.adminA, payload);
        expect(expectErrorBody(res, 400).fields?.[field], JSON.stringify(payload)).toMatch(message);
      }
      // A supervisor is not an agent.
      if (k.agent) {
        const sup = (
          await t.database.raw.query<{ id: number }>(
            "SELECT id FROM users WHERE company_id = $1 AND role = 'supervisor' LIMIT 1",
            [w.a.company.id],
          )
        )[0].id;
        expectErrorBody(await w.call('POST', k.path, w.adminA, { ...ok, agent_id: sup }), 400);
      }
      expectErrorBody(await w.call('PUT', k.path, w.adminA, ok), 400);
      expectErrorBody(await w.call('POST', `${k.path}/block`, w.adminA, { id: 1 }), 400);
      expectErrorBody(await w.call('DELETE', k.path, w.adminA), 400);
      expectErrorBody(await w.call('GET', `${k.path}?code=x`, w.adminA), 400);
      expectErrorBody(await w.call('GET', `${k.path}?status=gone`, w.adminA), 400);
      expectErrorBody(await w.call('GET', `${k.path}?sort=company_id`, w.adminA), 400);
      expect(await count()).toBe(0);
    });

    it('pages, sorts, filters, searches and exports CSV', async () => {
      const rows = [
        { code: 20, max_amount: 1000, ...extra(k, '23', w.alice) },
        { code: 40, max_amount: 2000, tirage_id: t1.id, ...extra(k, '34*12', w.bruno) },
        { code: 30, max_amount: 3050, tirage_id: t2.id, ...extra(k, '123', w.alice) },
      ];
      const ids: number[] = [];
      for (const r of rows) ids.push((await w.call('POST', k.path, w.adminA, r)).json().id);
      if (k.ball) expect((await w.call('GET', `${k.path}?id=${ids[1]}`, w.adminA)).json().number).toBe('12*34');
      const list = (q: string) => w.call('GET', `${k.path}?${q}`, w.adminA).then((r) => r.json());
      const page = await list('sort=code&page_size=2');
      expect(page).toMatchObject({ count: 3, page: 1, page_size: 2 });
      expect(page.results.map((r: { code: number }) => r.code)).toEqual([20, 30]);
      expect((await list('sort=code&page_size=2&page=2')).results.map((r: { code: number }) => r.code)).toEqual([40]);
      expect((await list('sort=max_amount&order=desc')).results[0].max_amount).toBe(3050);
      expect((await list('sort=tirage')).results.map((r: { tirage_id: number }) => r.tirage_id)).toEqual(
        [t1, t2]
          .sort((x, y) => x.name.localeCompare(y.name))
          .map((x) => x.id)
          .concat([null as never]),
      );
      expect((await list('code=40')).count).toBe(1);
      expect((await list(`tirage_id=${t1.id}`)).count).toBe(1);
      expect((await list('status=active')).count).toBe(3);
      if (k.ball) expect((await list('search=12*3')).results.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
      if (k.agent) {
        expect((await list('search=BRUNO')).count).toBe(1);
        expect((await list(`agent_id=${w.alice}`)).count).toBe(2);
        expect((await list('sort=agent')).results[0].agent_name).toBe('Alice Nom');
      }
      const csv = await w.call('GET', `${k.path}?format=csv&sort=code`, w.adminA);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="limites-.*\.csv"/);
      const lines = csv.body.split('\r\n');
      const header = ['Jeu', ...(k.ball ? ['Numéro'] : []), ...(k.agent ? ['Vendeur'] : []), 'Tirage'];
      expect(lines[0]).toBe(
        `\uFEFF${[...header, 'Montant maximum', 'Vendu aujourd’hui', 'Statut', 'Modifiée le'].join(';')}`,
      );
      const first = ['Bolet', ...(k.ball ? ['23'] : []), ...(k.agent ? ['Alice Nom'] : []), 'Tous les tirages'];
      expect(lines[1]).toMatch(new RegExp(`^${[...first, '10,00', '0,00', 'active'].join(';')};`));
      expect(lines[3]).toContain(`Mariage;`);
      for (const id of ids) await w.call('DELETE', `${k.path}?id=${id}`, w.adminA);
    });
  });
});
