import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  auth,
  createTestApp,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/**
 * The board's colour thresholds as company settings (issue 22 §1, migration 0030): changed through
 * PUT /api/companies/settings (audited, ordered warn < hot on the result, under the row lock), read by
 * the board and the POS's hot numbers when the request gives none; a request's own still wins.
 */
describeApi('exposure colour thresholds (company settings)', () => {
  let t: TestContext;
  let a: SellingCompany;
  let b: SellingCompany;
  let adminA: { id: number; token: string };
  let adminB: string;
  let agentA: string;

  const put = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/companies/settings', headers: auth(token), payload });
  const stored = async (companyId: number) =>
    (
      await t.database.raw.query<{ warn: number; hot: number }>(
        'SELECT exposure_warn_pct AS warn, exposure_hot_pct AS hot FROM company_settings WHERE company_id = $1',
        [companyId],
      )
    )[0];
  const audits = async (companyId: number) =>
    (
      await t.database.raw.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log WHERE entity = 'company_settings' AND entity_id = $1",
        [String(companyId)],
      )
    )[0].n;
  const board = async (token: string, tirage: number, extra = '') => {
    const res = await t.app.inject({
      url: `/api/companies/exposure?tirage_id=${tirage}${extra}`,
      headers: auth(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { thresholds: { warn: number; hot: number }; rows: { number: string; level: string }[] };
  };
  const level = async (token: string, tirage: number, extra = '') =>
    (await board(token, tirage, extra)).rows.find((r) => r.number === '19')?.level;
  const hotNumbers = async () =>
    (
      await t.app.inject({ url: `/api/agents/hot-numbers?tirage_ids=${a.tirages[0].id}`, headers: auth(agentA) })
    ).json() as { rows: { number: string }[] };

  beforeAll(async () => {
    t = await createTestApp();
    a = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    b = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    for (const co of [a, b]) {
      // 19 sold 100 HTG under a 125 HTG limit: 80 % used.
      await t.database.raw.query(
        `INSERT INTO sale_limits (company_id, code, number, max_amount, status) VALUES ($1, 20, '19', 12500, 'active')`,
        [co.company.id],
      );
      await sell(t.database.raw, {
        companyId: co.company.id,
        agentId: co.agents[0].id,
        tirages: [co.tirages[0].id],
        lines: [{ code: 20, number: '19', stake: 10_000 }],
      });
    }
    const u = await asUser(t, { role: 'company', companyId: a.company.id, fullAccess: true });
    adminA = { id: u.id, token: u.token };
    adminB = (await asUser(t, { role: 'company', companyId: b.company.id, fullAccess: true })).token;
    agentA = (await login(t.app, a.agents[0].username)).accessToken;
  }, 120_000);
  afterAll(() => t?.close());

  it('defaults to 70 / 90: the board colours 80 % « à surveiller », the POS does not list it', async () => {
    const settings = (await t.app.inject({ url: '/api/companies/settings', headers: auth(adminA.token) })).json();
    expect(settings).toMatchObject({ exposure_warn_pct: 70, exposure_hot_pct: 90 });
    expect((await board(adminA.token, a.tirages[0].id)).thresholds).toEqual({ warn: 70, hot: 90 });
    expect(await level(adminA.token, a.tirages[0].id)).toBe('warn');
    expect((await hotNumbers()).rows.map((r) => r.number)).not.toContain('19');
  });

  it('changed by the admin: audited, read by the board and the POS; a request’s own thresholds still win', async () => {
    const res = await put(adminA.token, { exposure_warn_pct: 50, exposure_hot_pct: 75 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ exposure_warn_pct: 50, exposure_hot_pct: 75 });
    const [entry] = await t.database.raw.query<{ before: Record<string, number>; after: Record<string, number> }>(
      "SELECT before, after FROM audit_log WHERE entity = 'company_settings' AND entity_id = $1 AND user_id = $2 ORDER BY id DESC LIMIT 1",
      [String(a.company.id), adminA.id],
    );
    expect(entry.before).toMatchObject({ exposure_warn_pct: 70, exposure_hot_pct: 90 });
    expect(entry.after).toMatchObject({ exposure_warn_pct: 50, exposure_hot_pct: 75 });
    expect((await board(adminA.token, a.tirages[0].id)).thresholds).toEqual({ warn: 50, hot: 75 });
    expect(await level(adminA.token, a.tirages[0].id)).toBe('hot');
    expect((await hotNumbers()).rows.map((r) => r.number)).toContain('19');
    // The request's own: both, or one beside the company's other.
    expect(await level(adminA.token, a.tirages[0].id, '&warn=85&hot=95')).toBe('ok');
    expect((await board(adminA.token, a.tirages[0].id, '&warn=10')).thresholds).toEqual({ warn: 10, hot: 75 });
    expect((await board(adminA.token, a.tirages[0].id, '&hot=60')).thresholds).toEqual({ warn: 50, hot: 60 });
    // The stream's board (one event without Accept: text/event-stream) reads them too.
    const stream = await t.app.inject({
      url: `/api/companies/exposure/stream?tirage_id=${a.tirages[0].id}`,
      headers: auth(adminA.token),
    });
    expect(JSON.parse(/^data: (.*)$/m.exec(stream.body)?.[1] as string).thresholds).toEqual({ warn: 50, hot: 75 });
  });

  it('refuses out-of-range and disordered thresholds, alone or against the stored other; nothing written', async () => {
    const before = await stored(a.company.id);
    const logged = await audits(a.company.id);
    const cases: [object, string][] = [
      [{ exposure_warn_pct: 0 }, 'exposure_warn_pct'],
      [{ exposure_hot_pct: 101 }, 'exposure_hot_pct'],
      [{ exposure_warn_pct: 100 }, 'exposure_warn_pct'],
      [{ exposure_hot_pct: 1 }, 'exposure_hot_pct'],
      [{ exposure_warn_pct: 60.5 }, 'exposure_warn_pct'],
      [{ exposure_warn_pct: '60' }, 'exposure_warn_pct'],
      [{ exposure_hot_pct: null }, 'exposure_hot_pct'],
      [{ exposure_warn_pct: 80, exposure_hot_pct: 80 }, 'exposure_warn_pct'],
      // Against the stored 50 / 75.
      [{ exposure_warn_pct: 75 }, 'exposure_warn_pct'],
      [{ exposure_hot_pct: 40 }, 'exposure_hot_pct'],
    ];
    for (const [payload, field] of cases) {
      const body = expectErrorBody(await put(adminA.token, payload), 400);
      expect(body.fields?.[field], JSON.stringify(payload)).toBeTruthy();
    }
    expect(expectErrorBody(await put(adminA.token, { exposure_hot_pct: 40 }), 400).message).toBe(
      'Le seuil « à surveiller » doit être inférieur au seuil « chaud ».',
    );
    expect(await stored(a.company.id)).toEqual(before);
    expect(await audits(a.company.id)).toBe(logged);
    // The table's CHECK holds whatever writes it.
    await expect(
      t.database.raw.query('UPDATE company_settings SET exposure_warn_pct = 90 WHERE company_id = $1', [a.company.id]),
    ).rejects.toThrow();
    // The widest accepted: 1 / 2 and 99 / 100.
    for (const [warn, hot] of [
      [1, 2],
      [99, 100],
    ]) {
      const ok = await put(adminA.token, { exposure_hot_pct: hot, exposure_warn_pct: warn });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    expect(await stored(a.company.id)).toEqual({ warn: 99, hot: 100 });
    expect((await put(adminA.token, { exposure_warn_pct: 50, exposure_hot_pct: 75 })).statusCode).toBe(200);
  });

  it('another company’s admin changes only its own; its board reads its own', async () => {
    const res = await put(adminB, { exposure_warn_pct: 85, exposure_hot_pct: 95 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(b.company.id)).toEqual({ warn: 85, hot: 95 });
    expect(await stored(a.company.id)).toEqual({ warn: 50, hot: 75 });
    expect(await level(adminB, b.tirages[0].id)).toBe('ok');
    expect(await level(adminA.token, a.tirages[0].id)).toBe('hot');
    // A's draw is not B's board.
    expectErrorBody(
      await t.app.inject({ url: `/api/companies/exposure?tirage_id=${a.tirages[0].id}`, headers: auth(adminB) }),
      404,
    );
  });

  it('refuses whoever may not change the company settings; nothing written', async () => {
    const supervisor = await asUser(t, { role: 'supervisor', companyId: a.company.id, fullAccess: true });
    const viewer = await asUser(t, { role: 'superuser', permissions: ['view_company'] });
    const logged = await audits(a.company.id);
    for (const token of [supervisor.token, agentA, viewer.token]) {
      expectErrorBody(await put(token, { exposure_warn_pct: 20 }), 403);
    }
    expect(await stored(a.company.id)).toEqual({ warn: 50, hot: 75 });
    expect(await audits(a.company.id)).toBe(logged);
  });

  it('parallel changes apply one after the other: never both of two that only fit apart', async () => {
    // From 50 / 95: « à surveiller » 85 fits with hot 95; « chaud » 60 fits with warn 50; not together.
    expect((await put(adminA.token, { exposure_warn_pct: 50, exposure_hot_pct: 95 })).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        put(adminA.token, i % 2 ? { exposure_warn_pct: 85 } : { exposure_hot_pct: 60 }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.every((c) => c === 200 || c === 400),
      codes.join(),
    ).toBe(true);
    const warnOk = answers.some((r, i) => i % 2 === 1 && r.statusCode === 200);
    const hotOk = answers.some((r, i) => i % 2 === 0 && r.statusCode === 200);
    expect(warnOk !== hotOk).toBe(true);
    expect(await stored(a.company.id)).toEqual(warnOk ? { warn: 85, hot: 95 } : { warn: 50, hot: 60 });
  });
});
