import { ALERT_DEFAULTS, type Alert } from '@borlette/shared/contracts/alerts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import {
  callAs,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/**
 * Issue 22 §3 through HTTP on both engines: the list (filters, CSV, largest page), the badge's count,
 * state changes (closing needs a note; parallel changes apply once; audited), settings (bounds, audit),
 * another company's alerts, missing codenames, and a supervisor's scope.
 */
describeApi('alerts: the API', () => {
  let t: TestContext;
  let c: SellingCompany;
  let other: SellingCompany;
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let watchedAgent: number;
  let otherAgent: number;

  const raise = async (companyId: number, kind: string, severity: string, agentId: number | null, key: string) => {
    const [row] = await t.database.raw.query<{ id: number }>(
      `INSERT INTO company_alerts (company_id, kind, severity, dedupe_key, agent_id, evidence)
       VALUES ($1, $2, $3, $4, $5, '{"fiches": [], "figures": {"sold_amount": "123456", "tickets": 3}}') RETURNING id`,
      [companyId, kind, severity, key, agentId],
    );
    return row.id;
  };
  const get = (who: string, url: string) => callAs(t, 'GET', url, tok[who]);
  const setState = (who: string, id: number, body: object) =>
    callAs(t, 'POST', `/api/companies/alerts/${id}/state`, tok[who], body);

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 2 });
    other = await sellingCompany(t.database);
    watchedAgent = c.agents[0].id;
    otherAgent = c.agents[1].id;
    const [s2] = await t.database.raw.query<{ id: number }>(
      "INSERT INTO surcussales (company_id, name) VALUES ($1, 'Sud') RETURNING id",
      [c.company.id],
    );
    await t.database.raw.query('UPDATE users SET surcussale_id = $2 WHERE id = $1', [otherAgent, s2.id]);
    const users = {
      admin: await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true }),
      adminB: await createUser(t.database, { role: 'company', companyId: other.company.id, fullAccess: true }),
      sup: await createUser(t.database, {
        role: 'supervisor',
        companyId: c.company.id,
        permissions: ['view_alert', 'change_alert'],
      }),
      supView: await createUser(t.database, {
        role: 'supervisor',
        companyId: c.company.id,
        permissions: ['view_alert'],
      }),
      supNone: await createUser(t.database, {
        role: 'supervisor',
        companyId: c.company.id,
        permissions: ['view_agent'],
      }),
    };
    for (const s of [users.sup, users.supView, users.supNone]) {
      await t.database.raw.query(
        'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
        [c.company.id, s.id, c.surcussaleId],
      );
    }
    for (const [k, u] of Object.entries(users)) tok[k] = (await login(t.app, u.username)).accessToken;
    ids.watched = await raise(c.company.id, 'burst', 'high', watchedAgent, 'a');
    ids.unwatched = await raise(c.company.id, 'daily_outlier', 'medium', otherAgent, 'b');
    ids.company = await raise(c.company.id, 'result_edited', 'high', null, 'c');
    ids.foreign = await raise(other.company.id, 'burst', 'low', other.agents[0].id, 'd');
  });
  afterAll(() => t.close());

  it('lists the company’s alerts with their filters, counts the new ones, exports CSV', async () => {
    const all = await get('admin', '/api/companies/alerts');
    expect(all.statusCode, all.body).toBe(200);
    expect(
      all
        .json()
        .results.map((a: Alert) => a.id)
        .sort(),
    ).toEqual([ids.watched, ids.unwatched, ids.company].sort());
    const high = (await get('admin', '/api/companies/alerts?severity=high&sort=created_at&order=asc')).json();
    expect(high.results.map((a: Alert) => a.id)).toEqual([ids.watched, ids.company]);
    const burst = (await get('admin', '/api/companies/alerts?kind=burst')).json();
    expect(burst.results).toHaveLength(1);
    expect(burst.results[0]).toMatchObject({ agent_id: watchedAgent, kind: 'burst', state: 'new', currency: 'HTG' });
    expect((await get('admin', '/api/companies/alerts/count')).json()).toEqual({ new: 3 });
    const csv = await get('admin', '/api/companies/alerts?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Rafale de ventes avant la fermeture');
    expect(csv.body).toContain('Fiches : 3 ; Vendu : 1234,56');
    // The largest page the API allows; one more is a 400.
    expect((await get('admin', '/api/companies/alerts?page_size=100')).statusCode).toBe(200);
    expectErrorBody(await get('admin', '/api/companies/alerts?page_size=101'), 400);
    expectErrorBody(await get('admin', '/api/companies/alerts?kind=nope'), 400);
    expectErrorBody(await get('admin', '/api/companies/alerts?start_date=2026-02-01&end_date=2026-01-01'), 400);
  });

  it('another company sees none of them and cannot change them (404, nothing written)', async () => {
    const list = (await get('adminB', '/api/companies/alerts')).json();
    expect(list.results.map((a: Alert) => a.id)).toEqual([ids.foreign]);
    expect((await get('adminB', '/api/companies/alerts/count')).json()).toEqual({ new: 1 });
    expectErrorBody(await setState('adminB', ids.watched, { state: 'seen' }), 404);
    const [row] = await t.database.raw.query<{ state: string }>('SELECT state FROM company_alerts WHERE id = $1', [
      ids.watched,
    ]);
    expect(row.state).toBe('new');
  });

  it('needs view_alert to read and change_alert to act; a supervisor sees its agents’ alerts only', async () => {
    expectErrorBody(await get('supNone', '/api/companies/alerts'), 403);
    expectErrorBody(await get('supNone', '/api/companies/alerts/count'), 403);
    expectErrorBody(await get('supNone', '/api/companies/alerts/settings'), 403);
    expectErrorBody(await setState('supView', ids.watched, { state: 'seen' }), 403);
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/alerts/settings', tok.supView, ALERT_DEFAULTS), 403);
    const seen = (await get('supView', '/api/companies/alerts')).json();
    expect(seen.results.map((a: Alert) => a.id)).toEqual([ids.watched]);
    expect((await get('supView', '/api/companies/alerts/count')).json()).toEqual({ new: 1 });
    expectErrorBody(await setState('sup', ids.unwatched, { state: 'seen' }), 404);
    expectErrorBody(await setState('sup', ids.company, { state: 'seen' }), 404);
    const ok = await setState('sup', ids.watched, { state: 'seen' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ state: 'seen', note: null });
    expect((await get('admin', '/api/companies/alerts/count')).json()).toEqual({ new: 2 });
  });

  it('closing needs a note; parallel closes apply once and are audited once', async () => {
    const noNote = expectErrorBody(await setState('admin', ids.unwatched, { state: 'closed' }), 400);
    expect(noNote.fields?.note).toMatch(/note est requise/);
    expectErrorBody(await setState('admin', ids.unwatched, { state: 'closed', note: 'x'.repeat(501) }), 400);
    expectErrorBody(await setState('admin', ids.unwatched, { state: 'gone' }), 400);
    const note = `Vérifié avec le vendeur : ${'n'.repeat(400)}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => setState('admin', ids.unwatched, { state: 'closed', note })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const closed = answers.find((r) => r.statusCode === 200)?.json();
    expect(closed).toMatchObject({ state: 'closed', note, changed_by_name: 'Prénom Nom' });
    const audits = await t.database.raw.query<{ after: { state: string } }>(
      "SELECT after FROM audit_log WHERE action = 'alert_state' AND entity = 'company_alert' AND entity_id = $1",
      [String(ids.unwatched)],
    );
    expect(audits.map((a) => a.after.state)).toEqual(['closed']);
    // Reopened: new again, the note kept.
    const reopened = await setState('admin', ids.unwatched, { state: 'new' });
    expect(reopened.json()).toMatchObject({ state: 'new', note });
    expectErrorBody(await setState('admin', 2_000_000_000, { state: 'seen' }), 404);
  });

  it('settings: defaults first, bounds refused with nothing written, a save audited and read back', async () => {
    expect((await get('admin', '/api/companies/alerts/settings')).json()).toEqual(ALERT_DEFAULTS);
    const bad = await callAs(t, 'PUT', '/api/companies/alerts/settings', tok.admin, {
      ...ALERT_DEFAULTS,
      burst: { ...ALERT_DEFAULTS.burst, factor: 0 },
    });
    expect(expectErrorBody(bad, 400).message).toMatch(/facteur/i);
    const none = await t.database.raw.query('SELECT 1 FROM alert_settings WHERE company_id = $1', [c.company.id]);
    expect(none).toHaveLength(0);
    const wanted = {
      ...ALERT_DEFAULTS,
      paid_far: { enabled: false, distance_km: 50, match_minutes: 60 },
      daily_outlier: { enabled: true, factor: 2.5, floor_amount: 1_000_000_000, min_days: 30 },
    };
    const saved = await callAs(t, 'PUT', '/api/companies/alerts/settings', tok.admin, wanted);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(wanted);
    expect((await get('admin', '/api/companies/alerts/settings')).json()).toEqual(wanted);
    expect((await get('adminB', '/api/companies/alerts/settings')).json()).toEqual(ALERT_DEFAULTS);
    const audits = await t.database.raw.query(
      "SELECT 1 FROM audit_log WHERE action = 'update' AND entity = 'alert_settings' AND company_id = $1",
      [c.company.id],
    );
    expect(audits).toHaveLength(1);
  });
});
