import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeResultsFeeds, startFakeResultsFeeds } from '../../../test/fake-results-feeds';
import {
  asUser,
  createCompany,
  createTestApp,
  describeApi,
  expectErrorBody,
  type TestContext,
} from '../../../test/helpers';

const BASE = '/api/generals/result-providers';
type Call = Awaited<ReturnType<typeof asUser>>['call'];

describeApi('result providers and draw calendars (platform)', () => {
  let t: TestContext;
  let root: Call;
  let viewer: Call;
  let others: [string, Call][];
  let feeds: FakeResultsFeeds;

  beforeAll(async () => {
    t = await createTestApp();
    feeds = await startFakeResultsFeeds();
    root = (await asUser(t, { role: 'superuser', fullAccess: true })).call;
    viewer = (await asUser(t, { role: 'superuser', permissions: ['view_result_provider'] })).call;
    const c = await createCompany(t.database);
    others = [
      ['admin', (await asUser(t, { role: 'company', companyId: c.id, fullAccess: true })).call],
      [
        'supervisor',
        (await asUser(t, { role: 'supervisor', companyId: c.id, permissions: ['view_agent', 'view_tirage'] })).call,
      ],
      ['staff without the codename', (await asUser(t, { role: 'superuser', permissions: ['view_company'] })).call],
    ];
  });
  afterAll(async () => {
    await feeds?.close();
    await t?.close();
  });

  const auditRows = async (entity: string) =>
    t.database.raw.query<{
      action: string;
      entity_id: string;
      before: unknown;
      after: unknown;
      company_id: number | null;
    }>('SELECT action, entity_id, before, after, company_id FROM audit_log WHERE entity = $1 ORDER BY id', [entity]);
  const edit = (over: Record<string, unknown> = {}) => ({
    base_url: 'https://data.ny.gov',
    enabled: true,
    poll_start_min: 10,
    poll_every_min: 10,
    give_up_min: 300,
    ...over,
  });

  it('lists the seven seeded sources, all off, with where their key would come from', async () => {
    const res = await viewer('GET', BASE);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((p: { code: string }) => p.code).sort()).toEqual(
      ['aggregator', 'fl-lottery', 'ga-lottery', 'ny-open-data', 'tn-manual', 'tx-csv', 'tx-rss'].sort(),
    );
    expect(list.every((p: { enabled: boolean }) => !p.enabled)).toBe(true);
    const agg = list.find((p: { code: string }) => p.code === 'aggregator');
    expect(agg).toMatchObject({ kind: 'aggregator', states: ['NY', 'FL', 'GA', 'TN', 'TX'], key_configured: false });
    expect(list.find((p: { code: string }) => p.code === 'tx-rss').key_configured).toBeNull();
  });

  it('refuses admins, supervisors and staff without the codename (403), and a viewer cannot write', async () => {
    for (const [who, call] of others) {
      expect((await call('GET', BASE)).statusCode, who).toBe(403);
      expect((await call('GET', `${BASE}/calendar`)).statusCode, who).toBe(403);
      expect((await call('PUT', `${BASE}/ny-open-data`, edit())).statusCode, who).toBe(403);
      expect((await call('POST', `${BASE}/ny-open-data/test`, {})).statusCode, who).toBe(403);
      expect((await call('POST', `${BASE}/calendar/1/holidays`, { day: '2026-12-25' })).statusCode, who).toBe(403);
    }
    expect((await viewer('PUT', `${BASE}/ny-open-data`, edit())).statusCode).toBe(403);
    expect((await viewer('DELETE', `${BASE}/calendar/1/holidays`, { day: '2026-12-25' })).statusCode).toBe(403);
    expect(await auditRows('result_provider')).toEqual([]);
  });

  it('edits a source, audited with what it replaced; the same edit again changes nothing', async () => {
    const res = await root('PUT', `${BASE}/ny-open-data`, edit({ poll_every_min: 7 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 'ny-open-data', enabled: true, poll_every_min: 7 });
    await root('PUT', `${BASE}/ny-open-data`, edit({ poll_every_min: 7 }));
    const rows = await auditRows('result_provider');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'update',
      entity_id: 'ny-open-data',
      company_id: null,
      before: { enabled: false, poll_every_min: 10 },
      after: { enabled: true, poll_every_min: 7 },
    });
  });

  it.each([
    [{ base_url: 'ftp://x.example' }, 'base_url'],
    [{ base_url: 'https://user:secret@data.ny.gov' }, 'base_url'],
    [{ base_url: 'javascript:alert(1)' }, 'base_url'],
    [{ base_url: `https://x.example/${'a'.repeat(500)}` }, 'base_url'],
    [{ base_url: 'manual:' }, 'base_url'],
    [{ poll_every_min: 0 }, 'poll_every_min'],
    [{ poll_start_min: 1441 }, 'poll_start_min'],
    [{ poll_start_min: 60, give_up_min: 30 }, 'give_up_min'],
    [{ give_up_min: 2881 }, 'give_up_min'],
    [{ enabled: 'oui' }, 'enabled'],
    [{ poll_every_min: 2.5 }, 'poll_every_min'],
  ])('refuses %j with a French message on %s, writing nothing', async (over, field) => {
    const before = (await root('GET', BASE)).json();
    const body = expectErrorBody(await root('PUT', `${BASE}/ny-open-data`, edit(over)), 400);
    expect(Object.keys(body.fields ?? {})).toContain(field);
    expect(body.message).toMatch(/[a-zé]/);
    expect((await root('GET', BASE)).json()).toEqual(before);
  });

  it('keeps « manual: » for the manual source only; an unknown source is a 404', async () => {
    expectErrorBody(await root('PUT', `${BASE}/tn-manual`, edit({ base_url: 'https://tn.example' })), 400);
    expect(
      (await root('PUT', `${BASE}/tn-manual`, edit({ base_url: 'manual:', poll_start_min: 0, give_up_min: 0 })))
        .statusCode,
    ).toBe(200);
    expectErrorBody(await root('PUT', `${BASE}/nope`, edit()), 404);
    expectErrorBody(await root('POST', `${BASE}/nope/test`, {}), 404);
  });

  it('takes the largest values and 500-character URLs', async () => {
    const url = `https://x.example/${'a'.repeat(500 - 'https://x.example/'.length)}`;
    const res = await root(
      'PUT',
      `${BASE}/aggregator`,
      edit({ base_url: url, poll_start_min: 1440, poll_every_min: 1440, give_up_min: 2880 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ base_url: url, give_up_min: 2880 });
  });

  it('applies 20 parallel edits one after the other, each audited', async () => {
    const before = (await auditRows('result_provider')).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        root('PUT', `${BASE}/ga-lottery`, edit({ base_url: 'https://www.galottery.com', poll_every_min: i + 1 })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const rows = (await auditRows('result_provider')).slice(before);
    expect(rows).toHaveLength(20);
    // Each entry's « before » is the previous entry's « after »: no edit was lost between two others.
    for (let i = 1; i < rows.length; i++) expect(rows[i].before).toEqual(rows[i - 1].after);
    const last = (rows[rows.length - 1].after as { poll_every_min: number }).poll_every_min;
    expect((await root('GET', BASE)).json().find((p: { code: string }) => p.code === 'ga-lottery').poll_every_min).toBe(
      last,
    );
  });

  it('tests a source through real HTTP without writing anything', async () => {
    const [{ n: auditBefore }] = await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    const res = await root('POST', `${BASE}/ny-open-data/test`, { base_url: feeds.baseUrl, date: '2026-11-25' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ ok: true, error: null, http_status: 200, dates: ['2026-11-25'] });
    expect(r.observations).toEqual([
      { state: 'NY', session: 'midi', draw_date: '2026-11-25', pick3: '482', pick4: '3071' },
      { state: 'NY', session: 'soir', draw_date: '2026-11-25', pick3: '005', pick4: '0960' },
    ]);
    feeds.setMode('http500');
    const failed = (await root('POST', `${BASE}/tx-rss/test`, { base_url: feeds.baseUrl })).json();
    expect(failed).toMatchObject({ ok: false, http_status: 500, observations: [] });
    expect(failed.error).toMatch(/HTTP 500/);
    feeds.setMode('ok');
    const [{ n: auditAfter }] = await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(auditAfter).toBe(auditBefore);
    const stored = (await root('GET', BASE)).json().find((p: { code: string }) => p.code === 'ny-open-data');
    expect(stored.base_url).toBe('https://data.ny.gov');
  });

  it('tests the sandbox feed (same format, in process) and the manual source', async () => {
    const r = (await root('POST', `${BASE}/aggregator/test`, { base_url: 'sandbox:', date: '2026-11-25' })).json();
    expect(r.ok).toBe(true);
    expect(r.observations.filter((o: { state: string }) => o.state === 'TN')).toHaveLength(3);
    const manual = (await root('POST', `${BASE}/tn-manual/test`, {})).json();
    expect(manual).toMatchObject({ ok: true, http_status: null, observations: [] });
  });

  it('lists the calendar and edits a session (time, zone, days), validated and audited', async () => {
    const cal = (await viewer('GET', `${BASE}/calendar`)).json();
    expect(cal).toHaveLength(14);
    const tx = cal.find((e: { state: string; session: string }) => e.state === 'TX' && e.session === 'nuit');
    expect(tx).toMatchObject({
      timezone: 'America/Chicago',
      draw_time: '22:12',
      days: [1, 2, 3, 4, 5, 6],
      holidays: [],
    });
    const url = `${BASE}/calendar/${tx.id}`;
    for (const [bad, field] of [
      [{ draw_time: '25:00' }, 'draw_time'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ days: [] }, 'days'],
      [{ days: [1, 1] }, 'days'],
      [{ days: [7] }, 'days.0'],
    ] as const) {
      const body = expectErrorBody(
        await root('PUT', url, { draw_time: '22:12', timezone: 'America/Chicago', days: [1], ...bad }),
        400,
      );
      expect(Object.keys(body.fields ?? {}), JSON.stringify(bad)).toContain(field);
    }
    const ok = await root('PUT', url, { draw_time: '22:15', timezone: 'America/Chicago', days: [6, 1, 2, 3, 4, 5] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ draw_time: '22:15', days: [1, 2, 3, 4, 5, 6] });
    const rows = await auditRows('draw_source');
    expect(rows.at(-1)).toMatchObject({
      action: 'update',
      before: { draw_time: '22:12' },
      after: { draw_time: '22:15' },
    });
    expectErrorBody(
      await root('PUT', `${BASE}/calendar/999999`, { draw_time: '10:00', timezone: 'UTC', days: [1] }),
      404,
    );
    expectErrorBody(await root('PUT', `${BASE}/calendar/abc`, { draw_time: '10:00', timezone: 'UTC', days: [1] }), 400);
  });

  it('adds, renames and removes a holiday, audited; parallel adds of one day make one row', async () => {
    const id = (await root('GET', `${BASE}/calendar`)).json()[0].id;
    const url = `${BASE}/calendar/${id}/holidays`;
    expectErrorBody(await root('POST', url, { day: '2026-02-30' }), 400);
    expectErrorBody(await root('POST', url, { day: '2026-12-25', reason: 'x'.repeat(201) }), 400);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => root('POST', url, { day: '2026-12-25', reason: 'Noël' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers[0].json().holidays).toEqual([{ day: '2026-12-25', reason: 'Noël' }]);
    expect((await auditRows('draw_source_holiday')).filter((r) => r.action === 'create')).toHaveLength(1);
    const renamed = (await root('POST', url, { day: '2026-12-25', reason: 'r'.repeat(200) })).json();
    expect(renamed.holidays[0].reason).toHaveLength(200);
    const removed = await root('DELETE', url, { day: '2026-12-25' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().holidays).toEqual([]);
    expect((await auditRows('draw_source_holiday')).map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    // Removing a day that is not listed changes nothing.
    expect((await root('DELETE', url, { day: '2026-12-25' })).statusCode).toBe(200);
    expect(await auditRows('draw_source_holiday')).toHaveLength(3);
  });
});
