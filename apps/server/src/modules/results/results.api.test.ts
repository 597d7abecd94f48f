import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import { type TestFeeds, testSources } from '../../../test/fixtures/results-pipeline.fixtures';
import { createTestDatabase, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openPostgres } from '../../db/client';
import { pollPass } from './poller';

/**
 * The pipeline through HTTP, with small test sources injected (the real providers have their own
 * tests): one source → provisional; two agree → confirmed and settled; disagree → conflict, nothing
 * applied, alert; provisional mode; late → alert; day off and holiday → none; a failing source;
 * two servers → one poller; permissions; parallel confirmations and re-polls.
 */
describeApi('the official results pipeline', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string | undefined;
  let app: FastifyInstance;
  const feeds: TestFeeds = {};
  let root: string;
  let c1: SellingCompany;
  let date: string;
  let fiche: number;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, token = root, payload?: object) =>
    app.inject({ method, url: path, headers: { authorization: `Token ${token}` }, payload });
  const poll = (body: object) => call('POST', '/api/generals/results/poll', root, { draw_date: date, ...body });
  const boardRow = async (state: string, session: string, d = date) => {
    const res = await call('GET', `/api/generals/results?date=${d}`);
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json()
      .rows.find((r: { state_code: string; session: string }) => r.state_code === state && r.session === session);
  };
  const officialAt = async (state: string, session: string, d: string) => {
    const [r] = await database.raw.query<{ at: string }>(
      `SELECT to_char(((($3::date + draw_time) AT TIME ZONE timezone) AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
         FROM draw_sources WHERE state = $1 AND session = $2`,
      [state, session, d],
    );
    return new Date(r.at);
  };
  const openAlerts = async (kind: string) =>
    database.raw.query<{ subject: string; message: string }>(
      'SELECT subject, message FROM result_alerts WHERE kind = $1 AND closed_at IS NULL ORDER BY id',
      [kind],
    );
  /** The ticket's draw as its public link (the QR) shows it. */
  const publicDraw = async () => {
    const [{ ref }] = await database.raw.query<{ ref: string }>('SELECT ref_code AS ref FROM fiches WHERE id = $1', [
      fiche,
    ]);
    const res = await app.inject({ method: 'GET', url: `/api/public/fiche/${ref}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().draws[0];
  };
  const tokenOf = async (opts: Parameters<typeof createUser>[1]) =>
    (await login(app, (await createUser(database, opts)).username)).accessToken;

  beforeAll(async () => {
    ({ database, drop, url } = await createTestDatabase());
    app = await buildApp({
      database,
      config: testConfig({ webDist: '/nonexistent' }),
      resultSources: testSources(feeds),
    });
    await app.ready();
    root = await tokenOf({ role: 'superuser', fullAccess: true });
    // Two sources for New York and Georgia: the state's own and the aggregator (which covers all five).
    await database.raw.query(
      `UPDATE result_providers SET enabled = code IN ('ny-open-data', 'ga-lottery', 'aggregator'), base_url = 'test:'`,
    );
    [{ d: date }] = await database.raw.query<{ d: string }>(
      "SELECT to_char((now() AT TIME ZONE 'UTC')::date - 3, 'YYYY-MM-DD') AS d",
    );
    c1 = await sellingCompany(database);
    const [{ id: nySoir }] = await database.raw.query<{ id: number }>(
      "SELECT id FROM draw_sources WHERE state = 'NY' AND session = 'soir'",
    );
    fiche = (
      await sell(database.raw, {
        companyId: c1.company.id,
        agentId: c1.agents[0].id,
        tirages: [c1.tirages[0].id],
        lines: [{ code: 20, number: '23', stake: 1000 }],
      })
    ).id;
    // The draw follows New York Soir; its tickets move to a date whose official draw is past.
    await database.raw.query('UPDATE tirages SET source_id = $2 WHERE id = $1', [c1.tirages[0].id, nySoir]);
    for (const table of ['fiche_tirages', 'fiche_lines', 'sale_counters'])
      await database.raw.query(`UPDATE ${table} SET draw_date = $2::date WHERE company_id = $1`, [c1.company.id, date]);
    await database.raw.query('UPDATE fiches SET sale_date = $2::date WHERE company_id = $1', [c1.company.id, date]);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('one source → provisional, not applied while only confirmed results are', async () => {
    feeds['ny-open-data'] = [{ state: 'NY', session: 'soir', drawDate: date, pick3: '123', pick4: '4567' }];
    const res = await poll({ state: 'NY', session: 'soir' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ran: true, observations: 1, applied: 0 });
    const row = await boardRow('NY', 'soir');
    expect(row).toMatchObject({
      state: 'provisional',
      pick3: '123',
      pick4: '4567',
      sources: ['ny-open-data'],
      applied: null,
    });
    expect(row.official_time).toBe('22:30');
    const [n] = await database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM info_tirages WHERE company_id = $1',
      [c1.company.id],
    );
    expect(n.n).toBe(0);
    // The ticket's public page (and the POS, same view) says « résultat en attente »: its time is past.
    expect(await publicDraw()).toMatchObject({ status: 'en_attente', result: null, result_late: true });
  });

  it('two sources agree → confirmed, applied and the tickets settled', async () => {
    feeds.aggregator = [{ state: 'NY', session: 'soir', drawDate: date, pick3: '123', pick4: '4567' }];
    expect((await poll({ state: 'NY' })).json()).toMatchObject({ applied: 1 });
    const row = await boardRow('NY', 'soir');
    expect(row).toMatchObject({ state: 'confirmed', sources: ['aggregator', 'ny-open-data'] });
    expect(row.applied).toMatchObject({ version: 1 });
    expect(row.applied.companies).toBeGreaterThanOrEqual(1);
    const [f] = await database.raw.query<{ win_amount: number; status: string }>(
      'SELECT win_amount FROM fiches WHERE id = $1',
      [fiche],
    );
    // Bolet 23 × 10 HTG on the first lot (this company pays 50 ×): 500 HTG.
    expect(Number(f.win_amount)).toBe(50000);
    expect(await publicDraw()).toMatchObject({ status: 'gagnant', result: { pick3: '123' }, result_late: false });
    // Polling again changes nothing: no new version.
    expect((await poll({ state: 'NY', session: 'soir' })).json()).toMatchObject({ applied: 0 });
    expect((await boardRow('NY', 'soir')).applied.version).toBe(1);
  });

  it('sources disagree → conflict: nothing applied, an alert; the superuser chooses, then it applies', async () => {
    feeds['ny-open-data'] = [{ state: 'NY', session: 'midi', drawDate: date, pick3: '111', pick4: '2222' }];
    feeds.aggregator = [{ state: 'NY', session: 'midi', drawDate: date, pick3: '111', pick4: '2223' }];
    await poll({ state: 'NY', session: 'midi' });
    const row = await boardRow('NY', 'midi');
    expect(row).toMatchObject({ state: 'conflict', applied: null });
    expect(row.observations.map((o: { pick4: string }) => o.pick4).sort()).toEqual(['2222', '2223']);
    expect(row.alerts.map((a: { kind: string }) => a.kind)).toEqual(['conflict']);
    const [{ n }] = await database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM draw_results r JOIN draw_sources s ON s.id = r.source_id WHERE s.state = 'NY' AND s.session = 'midi'",
    );
    expect(n).toBe(0);
    const confirm = (body: object) =>
      call('POST', '/api/generals/results/confirm', root, { state: 'NY', session: 'midi', draw_date: date, ...body });
    const refused = expectErrorBody(await confirm({}), 400);
    expect(refused.message).toMatch(/choisissez/);
    expectErrorBody(await confirm({ pick3: '111' }), 400);
    const ok = await confirm({ pick3: '111', pick4: '2222' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().row).toMatchObject({ state: 'confirmed', pick4: '2222', sources: ['ny-open-data'], alerts: [] });
    expect(ok.json().row.decided_by).toBeTruthy();
    expect(await openAlerts('conflict')).toEqual([]);
    // A source that later gives other numbers makes it a conflict again; the decided numbers stay applied.
    feeds['ny-open-data'] = [{ state: 'NY', session: 'midi', drawDate: date, pick3: '999', pick4: '2222' }];
    await poll({ state: 'NY', session: 'midi' });
    expect(await boardRow('NY', 'midi')).toMatchObject({ state: 'conflict', pick3: '111', pick4: '2222' });
  });

  it('parallel confirmations of one result: one decision, one audit entry, one version', async () => {
    feeds['ny-open-data'] = [];
    feeds.aggregator = [];
    feeds['ga-lottery'] = [{ state: 'GA', session: 'soir', drawDate: date, pick3: '321', pick4: '7654' }];
    await poll({ state: 'GA', session: 'soir' });
    expect((await boardRow('GA', 'soir')).state).toBe('provisional');
    const body = { state: 'GA', session: 'soir', draw_date: date };
    const all = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/generals/results/confirm', root, body)),
    );
    for (const r of all) expect(r.statusCode, r.body).toBe(200);
    const [{ n }] = await database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'result_confirm' AND after->>'state' = 'GA' AND after->>'draw_date' = $1",
      [date],
    );
    expect(n).toBe(1);
    expect(await boardRow('GA', 'soir')).toMatchObject({ state: 'confirmed', applied: { version: 1 } });
  });

  it('parallel re-polls and passes: one observation per source, one version', async () => {
    feeds['ga-lottery'] = [{ state: 'GA', session: 'nuit', drawDate: date, pick3: '555', pick4: '6666' }];
    feeds.aggregator = [{ state: 'GA', session: 'nuit', drawDate: date, pick3: '555', pick4: '6666' }];
    const all = await Promise.all(Array.from({ length: 5 }, () => poll({ state: 'GA', session: 'nuit' })));
    for (const r of all) expect(r.statusCode, r.body).toBe(200);
    expect(await boardRow('GA', 'nuit')).toMatchObject({ state: 'confirmed', applied: { version: 1 } });
    const [{ n }] = await database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM result_observations o JOIN draw_sources s ON s.id = o.source_id WHERE s.state = 'GA' AND s.session = 'nuit'",
    );
    expect(n).toBe(2);
  });

  it('provisional mode: one source is applied', async () => {
    const put = await call('PUT', '/api/generals/results/settings', root, {
      apply_mode: 'provisional',
      late_after_min: 60,
    });
    expect(put.statusCode, put.body).toBe(200);
    feeds['ga-lottery'] = [{ state: 'GA', session: 'midi', drawDate: date, pick3: '404', pick4: '5050' }];
    feeds.aggregator = [];
    expect((await poll({ state: 'GA', session: 'midi' })).json()).toMatchObject({ applied: 1 });
    expect(await boardRow('GA', 'midi')).toMatchObject({ state: 'provisional', applied: { version: 1 } });
    await call('PUT', '/api/generals/results/settings', root, { apply_mode: 'confirmed', late_after_min: 60 });
    expectErrorBody(
      await call('PUT', '/api/generals/results/settings', root, { apply_mode: 'always', late_after_min: 0 }),
      400,
    );
  });

  it('late → an alert; a day off and a holiday → none', async () => {
    feeds['ga-lottery'] = [];
    feeds.aggregator = [];
    // A Sunday two to three weeks back: Texas has no Sunday draw.
    const [{ sunday }] = await database.raw.query<{ sunday: string }>(
      "SELECT to_char(d, 'YYYY-MM-DD') AS sunday FROM generate_series(now()::date - 20, now()::date - 14, interval '1 day') AS d WHERE extract(dow FROM d) = 0",
    );
    await database.raw.query(
      "INSERT INTO draw_source_holidays (source_id, day, reason) SELECT id, $1::date, 'Férié' FROM draw_sources WHERE state = 'NY'",
      [sunday],
    );
    const now = new Date((await officialAt('TX', 'soir', sunday)).getTime() + 90 * 60_000);
    expect(await pollPass({ database, ...testSources(feeds), holder: 'late-test' }, { now })).toMatchObject({
      ran: true,
    });
    const late = (await openAlerts('late')).map((a) => a.subject);
    const ids = await database.raw.query<{ id: number; state: string }>(
      "SELECT id, state FROM draw_sources WHERE session = 'midi'",
    );
    const id = (state: string) => ids.find((s) => s.state === state)?.id;
    expect(late).toContain(`late:${id('GA')}:${sunday}`);
    expect(late).not.toContain(`late:${id('TX')}:${sunday}`);
    expect(late).not.toContain(`late:${id('NY')}:${sunday}`);
    const tx = await boardRow('TX', 'midi', sunday);
    expect(tx).toMatchObject({ state: 'day_off', alerts: [] });
    expect(await boardRow('NY', 'midi', sunday)).toMatchObject({ state: 'day_off' });
    expect((await boardRow('GA', 'midi', sunday)).alerts[0].message).toMatch(/Retard/);
  });

  it('a failing source is logged and alerts after three failures in a row', async () => {
    feeds['ga-lottery'] = 'fail';
    for (let i = 0; i < 3; i++) await poll({ state: 'GA', session: 'midi' });
    const alerts = await openAlerts('provider_failing');
    expect(alerts.map((a) => a.subject)).toEqual(['provider:ga-lottery']);
    const log = await call(
      'GET',
      '/api/generals/results/fetches?provider_code=ga-lottery&outcome=failed&page_size=100',
    );
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().count).toBe(3);
    expect(log.json().results[0]).toMatchObject({ outcome: 'failed', http_status: 503 });
    expect(log.json().results[0].excerpt.length).toBe(2000);
    const csv = await call('GET', '/api/generals/results/fetches?format=csv');
    expect(csv.statusCode).toBe(200);
    feeds['ga-lottery'] = [];
    await poll({ state: 'GA', session: 'midi' });
    expect(await openAlerts('provider_failing')).toEqual([]);
    const history = await call(
      'GET',
      `/api/generals/results/history?start_date=${date}&end_date=${date}&page_size=100`,
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().results.length).toBeGreaterThanOrEqual(4);
  });

  it('two servers on one database: one poller', async () => {
    const other = url ? await openPostgres(url, { max: 3 }) : database;
    const second = await buildApp({ database: other, config: testConfig({ webDist: '/nonexistent' }) });
    await second.ready();
    try {
      await database.raw.query("DELETE FROM job_leases WHERE name = 'results-poller'");
      const passes = await Promise.all([
        pollPass({ database, ...testSources(feeds), holder: 'server-a' }),
        pollPass({ database: other, ...testSources(feeds), holder: 'server-b' }),
        pollPass({ database, ...testSources(feeds), holder: 'server-a2' }),
      ]);
      expect(passes.filter((p) => p.ran)).toHaveLength(1);
    } finally {
      await second.close();
      if (other !== database) await other.close();
    }
  });

  it('a company sees its own draws waiting past their time (home board), not another company’s', async () => {
    const c2 = await sellingCompany(database);
    const [{ id: nyMidi }] = await database.raw.query<{ id: number }>(
      "SELECT id FROM draw_sources WHERE state = 'NY' AND session = 'midi'",
    );
    await database.raw.query('UPDATE tirages SET source_id = $2 WHERE id = $1', [c2.tirages[0].id, nyMidi]);
    const [{ y }] = await database.raw.query<{ y: string }>(
      "SELECT to_char((now() AT TIME ZONE 'America/New_York')::date - 1, 'YYYY-MM-DD') AS y",
    );
    const own = await tokenOf({ role: 'company', companyId: c2.company.id, fullAccess: true });
    const res = await call('GET', '/api/companies/results/pending', own);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().filter((p: { tirage_id: number }) => p.tirage_id === c2.tirages[0].id);
    expect(mine.map((p: { draw_date: string }) => p.draw_date)).toContain(y);
    const other = await tokenOf({ role: 'company', companyId: c1.company.id, fullAccess: true });
    const theirs = (await call('GET', '/api/companies/results/pending', other)).json();
    expect(theirs.some((p: { tirage_id: number }) => p.tirage_id === c2.tirages[0].id)).toBe(false);
  });

  it('permissions: only the platform, view_result to read, change_result to act; bad input is a 400', async () => {
    const admin = await tokenOf({ role: 'company', companyId: c1.company.id, fullAccess: true });
    expectErrorBody(await call('GET', `/api/generals/results?date=${date}`, admin), 403);
    const viewer = await tokenOf({ role: 'superuser', permissions: ['view_result'] });
    expect((await call('GET', `/api/generals/results?date=${date}`, viewer)).statusCode).toBe(200);
    const body = { state: 'NY', session: 'soir', draw_date: date };
    expectErrorBody(await call('POST', '/api/generals/results/confirm', viewer, body), 403);
    expectErrorBody(await call('POST', '/api/generals/results/poll', viewer, { draw_date: date }), 403);
    const none = await tokenOf({ role: 'superuser', permissions: [] });
    expectErrorBody(await call('GET', `/api/generals/results?date=${date}`, none), 403);
    expectErrorBody(await call('GET', '/api/generals/results?date=2026-13-01'), 400);
    expectErrorBody(await call('POST', '/api/generals/results/confirm', root, { ...body, state: 'ZZ' }), 404);
  });
});
