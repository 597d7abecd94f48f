import { randomUUID } from 'node:crypto';
import { PLATFORM_CEILINGS, TICKET_SETTING_DEFAULTS } from '@borlette/shared/contracts/company-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  auth,
  callAs,
  createCompany,
  createTestApp,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
  type UserOptions,
} from '../../../test/helpers';

const URL = '/api/companies/settings';

/** docs/domain.md's defaults and the ticket ceilings of a new company. */
const DEFAULTS = {
  cancel_window_minutes: 10,
  sales_close_minutes: 5,
  payout_validity_days: 90,
  commission_bp: 1000,
  ...TICKET_SETTING_DEFAULTS,
  agents_pay_other_branches: true,
  // Issue 20: both off for a new company.
  terminal_approval: false,
  sale_location: false,
  // Agent credit (issue 20 §2): no ceiling by default.
  credit_limit: null,
  credit_mode: 'ceiling',
  // The exposure board's colours (issue 22 §1).
  exposure_warn_pct: 70,
  exposure_hot_pct: 90,
};

describeApi('company settings (GET/PUT /api/companies/settings)', () => {
  let t: TestContext;
  let a: SellingCompany;
  let b: { id: number; ref_code: string };
  let adminA: string;
  let adminB: string;
  let supA: string;
  let agentA: string;
  let root: string;
  let viewGeneral: string;
  let nothingGeneral: string;

  const token = async (opts: UserOptions) => (await asUser(t, opts)).token;
  const row = async (companyId: number) =>
    (
      await t.database.raw.query<Record<string, unknown>>(
        `SELECT ${Object.keys(DEFAULTS).join(', ')} FROM company_settings WHERE company_id = $1`,
        [companyId],
      )
    )[0];
  const audits = async (companyId: number) =>
    t.database.raw.query<{ before: Record<string, unknown>; after: Record<string, unknown>; username: string }>(
      "SELECT before, after, username FROM audit_log WHERE entity = 'company_settings' AND entity_id = $1 ORDER BY id",
      [String(companyId)],
    );
  const select = (tok: string, ref: string) =>
    t.app.inject({ method: 'POST', url: '/api/generals/company', headers: auth(tok), payload: { ref_code: ref } });

  beforeAll(async () => {
    t = await createTestApp();
    a = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    b = await createCompany(t.database, { name: 'Bravo Paramètres' });
    adminA = await token({ role: 'company', companyId: a.company.id, fullAccess: true });
    adminB = await token({ role: 'company', companyId: b.id, fullAccess: true });
    supA = await token({ role: 'supervisor', companyId: a.company.id, fullAccess: true });
    agentA = (await login(t.app, a.agents[0].username)).accessToken;
    root = await token({ role: 'superuser', fullAccess: true });
    viewGeneral = await token({ role: 'superuser', permissions: ['view_company'] });
    nothingGeneral = await token({ role: 'superuser', permissions: [] });
  });
  afterAll(() => t?.close());

  it('reads a new company’s defaults', async () => {
    const res = await callAs(t, 'GET', URL, adminB);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ company_id: b.id, ...DEFAULTS, updated_at: expect.stringMatching(/Z$/) });
  });

  it('changes some settings, keeps the others, and audits before/after in the write', async () => {
    const res = await callAs(t, 'PUT', URL, adminB, {
      cancel_window_minutes: 15,
      line_max_stake: 500_000,
      commission_bp: 1250,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { ...DEFAULTS, cancel_window_minutes: 15, line_max_stake: 500_000, commission_bp: 1250 };
    expect(res.json()).toMatchObject(expected);
    expect(await row(b.id)).toEqual(expected);
    expect((await callAs(t, 'GET', URL, adminB)).json()).toMatchObject(expected);
    const [log] = await audits(b.id);
    expect(log.before).toMatchObject({
      cancel_window_minutes: 10,
      line_max_stake: TICKET_SETTING_DEFAULTS.line_max_stake,
    });
    expect(log.after).toMatchObject({ cancel_window_minutes: 15, line_max_stake: 500_000, commission_bp: 1250 });
    // The new default commission is what an agent without its own rate now earns.
    const options = await t.app.inject({ url: '/api/companies/agent/options', headers: auth(adminB) });
    expect(options.json().default_commission_bp).toBe(1250);
  });

  it('accepts the platform ceilings themselves', async () => {
    const top = {
      ticket_max_lines: PLATFORM_CEILINGS.ticketLines,
      ticket_max_draws: PLATFORM_CEILINGS.ticketDraws,
      line_max_stake: PLATFORM_CEILINGS.lineStake,
      ticket_max_payout: PLATFORM_CEILINGS.ticketPayout,
    };
    const res = await callAs(t, 'PUT', URL, adminB, top);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(top);
  });

  const BAD: [string, Record<string, unknown>, string, RegExp][] = [
    ['nothing', {}, '', /Aucun réglage/],
    ['an unknown setting', { company_id: 1 }, '', /Réglage inconnu : company_id/],
    ['text for a number', { cancel_window_minutes: '15' }, 'cancel_window_minutes', /nombre entier/],
    ['a boolean for a number', { line_max_stake: true }, 'line_max_stake', /nombre entier/],
    ['an array', { ticket_max_lines: [5] }, 'ticket_max_lines', /nombre entier/],
    ['a fraction', { payout_validity_days: 1.5 }, 'payout_validity_days', /nombre entier/],
    ['a negative window', { cancel_window_minutes: -1 }, 'cancel_window_minutes', /au moins/],
    ['a window too long', { cancel_window_minutes: 121 }, 'cancel_window_minutes', /120 minutes au plus/],
    ['a close too long', { sales_close_minutes: 181 }, 'sales_close_minutes', /au plus/],
    ['no validity', { payout_validity_days: 0 }, 'payout_validity_days', /1 jours au moins/],
    ['a validity too long', { payout_validity_days: 366 }, 'payout_validity_days', /au plus/],
    ['a commission above 100 %', { commission_bp: 10_001 }, 'commission_bp', /au plus/],
    ['zero lines', { ticket_max_lines: 0 }, 'ticket_max_lines', /au moins/],
    ['a text boolean', { agents_pay_other_branches: 'true' }, 'agents_pay_other_branches', /vrai ou faux/],
    ['a null', { ticket_max_draws: null }, 'ticket_max_draws', /nombre entier/],
  ];
  for (const [what, body, field, message] of BAD) {
    it(`refuses ${what} (400, French, nothing changed)`, async () => {
      const before = await row(a.company.id);
      const err = expectErrorBody(await callAs(t, 'PUT', URL, adminA, body), 400);
      expect(err.message).toMatch(message);
      if (field) expect(Object.keys(err.fields ?? {})).toContain(field);
      expect(await row(a.company.id)).toEqual(before);
    });
  }

  it('refuses every value above its platform ceiling', async () => {
    const before = await row(a.company.id);
    const above: Record<string, number> = {
      ticket_max_lines: PLATFORM_CEILINGS.ticketLines + 1,
      ticket_max_draws: PLATFORM_CEILINGS.ticketDraws + 1,
      line_max_stake: PLATFORM_CEILINGS.lineStake + 1,
      ticket_max_payout: PLATFORM_CEILINGS.ticketPayout + 1,
    };
    for (const [key, value] of Object.entries(above)) {
      const err = expectErrorBody(await callAs(t, 'PUT', URL, adminA, { [key]: value }), 400);
      expect(err.fields?.[key]).toMatch(/au plus/);
    }
    // A huge number (past 2^53) too, and with a valid setting beside it nothing is written.
    const huge = expectErrorBody(
      await callAs(t, 'PUT', URL, adminA, { cancel_window_minutes: 20, ticket_max_payout: 2 ** 60 }),
      400,
    );
    expect(huge.fields?.ticket_max_payout).toBeDefined();
    expect(await row(a.company.id)).toEqual(before);
  });

  it('answers the platform ceiling, not a 500, when a row holds more (written by hand)', async () => {
    const c = await createCompany(t.database);
    const admin = await token({ role: 'company', companyId: c.id, fullAccess: true });
    await t.database.raw.query(
      'UPDATE company_settings SET line_max_stake = 9000000000000000000, ticket_max_lines = 5000 WHERE company_id = $1',
      [c.id],
    );
    const res = await callAs(t, 'GET', URL, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      line_max_stake: PLATFORM_CEILINGS.lineStake,
      ticket_max_lines: PLATFORM_CEILINGS.ticketLines,
    });
    const put = await callAs(t, 'PUT', URL, admin, { cancel_window_minutes: 12 });
    expect(put.statusCode, put.body).toBe(200);
  });

  it('refuses supervisors (even with every codename) and agents: 403', async () => {
    for (const tok of [supA, agentA]) {
      expectErrorBody(await callAs(t, 'GET', URL, tok), 403);
      expectErrorBody(await callAs(t, 'PUT', URL, tok, { cancel_window_minutes: 30 }), 403);
    }
    expect((await row(a.company.id)).cancel_window_minutes).toBe(10);
  });

  it('keeps each company to its own settings', async () => {
    await callAs(t, 'PUT', URL, adminA, { payout_validity_days: 45 });
    const read = await callAs(t, 'GET', URL, adminB);
    expect(read.json().company_id).toBe(b.id);
    expect(read.json().payout_validity_days).toBe(90);
    // B's admin writes B's row, never A's (there is no company field to name another).
    await callAs(t, 'PUT', URL, adminB, { payout_validity_days: 60 });
    expect((await row(a.company.id)).payout_validity_days).toBe(45);
    expect((await row(b.id)).payout_validity_days).toBe(60);
    expect((await callAs(t, 'GET', URL, adminA)).json()).toMatchObject({
      company_id: a.company.id,
      payout_validity_days: 45,
    });
  });

  it('lets the superuser act on its selected company, never on « Toutes »', async () => {
    expect((await select(root, 'all')).statusCode).toBe(200);
    expect(expectErrorBody(await callAs(t, 'GET', URL, root), 409).code).toBe('COMPANY_REQUIRED');
    expect(expectErrorBody(await callAs(t, 'PUT', URL, root, { sales_close_minutes: 7 }), 409).code).toBe(
      'COMPANY_REQUIRED',
    );
    expect((await select(root, b.ref_code)).statusCode).toBe(200);
    const res = await callAs(t, 'PUT', URL, root, { ticket_max_draws: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ company_id: b.id, ticket_max_draws: 3 });
    const [log] = (await audits(b.id)).slice(-1);
    expect(log.after).toMatchObject({ ticket_max_draws: 3 });
    // Platform staff: reading needs view_company (or view_tirage), changing change_company (or change_tirage).
    expect((await select(viewGeneral, b.ref_code)).statusCode).toBe(200);
    expect((await callAs(t, 'GET', URL, viewGeneral)).statusCode).toBe(200);
    expectErrorBody(await callAs(t, 'PUT', URL, viewGeneral, { ticket_max_draws: 4 }), 403);
    expect((await select(nothingGeneral, b.ref_code)).statusCode).toBe(200);
    expectErrorBody(await callAs(t, 'GET', URL, nothingGeneral), 403);
    expect((await row(b.id)).ticket_max_draws).toBe(3);
  });

  it('applies 10 parallel changes one after the other: one consistent row, 10 audit entries', async () => {
    const c = await createCompany(t.database);
    const admin = await token({ role: 'company', companyId: c.id, fullAccess: true });
    const values = Array.from({ length: 10 }, (_, i) => i + 11);
    const answers = await Promise.all(
      values.map((v) => callAs(t, 'PUT', URL, admin, { cancel_window_minutes: v, payout_validity_days: v * 2 })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(values.map(() => 200));
    const final = await row(c.id);
    expect(final.payout_validity_days).toBe((final.cancel_window_minutes as number) * 2);
    const logs = await audits(c.id);
    expect(logs).toHaveLength(10);
    // Each entry's « before » is what the previous one wrote: a chain from the default to the final row.
    expect(logs[0].before.cancel_window_minutes).toBe(10);
    for (let i = 1; i < logs.length; i++) expect(logs[i].before).toEqual(logs[i - 1].after);
    expect(logs[9].after.cancel_window_minutes).toBe(final.cancel_window_minutes);
  });

  describe('what the settings govern', () => {
    const sale = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/agents/fiches',
        headers: auth(agentA),
        payload: {
          idempotency_key: randomUUID(),
          tirages: [a.tirages[0].id],
          lines: [{ code: 20, number: '12', stake: 100 }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number; sale_date: string; expires_on: string };
    };
    const cancel = (id: number) =>
      t.app.inject({ method: 'POST', url: '/api/agents/fiches/cancel', headers: auth(agentA), payload: { id } });
    const age = (id: number, minutes: number) =>
      t.database.raw.query(`UPDATE fiches SET sold_at = now() - make_interval(mins => $2) WHERE id = $1`, [
        id,
        minutes,
      ]);

    it('a changed cancellation window decides whether an agent may still cancel', async () => {
      expect((await callAs(t, 'PUT', URL, adminA, { cancel_window_minutes: 30 })).statusCode).toBe(200);
      const f = await sale();
      await age(f.id, 20); // past the default 10 minutes, within 30
      expect((await cancel(f.id)).statusCode).toBe(200);

      expect((await callAs(t, 'PUT', URL, adminA, { cancel_window_minutes: 5 })).statusCode).toBe(200);
      const g = await sale();
      await age(g.id, 6); // within the default 10 minutes, past 5
      expect(expectErrorBody(await cancel(g.id), 409).message).toBe(
        'Le délai d’annulation de cette fiche est dépassé.',
      );

      expect((await callAs(t, 'PUT', URL, adminA, { cancel_window_minutes: 0 })).statusCode).toBe(200);
      const h = await sale();
      await age(h.id, 1);
      expectErrorBody(await cancel(h.id), 409);
    });

    it('a changed payout validity moves the ticket’s expiry', async () => {
      expect((await callAs(t, 'PUT', URL, adminA, { payout_validity_days: 30 })).statusCode).toBe(200);
      const f = await sale();
      const expected = new Date(`${f.sale_date}T00:00:00Z`);
      expected.setUTCDate(expected.getUTCDate() + 30);
      expect(f.expires_on).toBe(expected.toISOString().slice(0, 10));
    });

    it('a changed sales close moves the draws that follow the rule, not the ones set by hand', async () => {
      const [src] = await t.database.raw.query<{ id: number }>('SELECT id FROM draw_sources ORDER BY id LIMIT 1');
      const local = `(((((now() AT TIME ZONE c.timezone)::date + s.draw_time) AT TIME ZONE s.timezone) AT TIME ZONE c.timezone)::time)`;
      const make = async (name: string, minutes: number | null) => {
        const [r] = await t.database.raw.query<{ id: number }>(
          `INSERT INTO tirages (company_id, name, source_id, days, open_time, close_time)
           SELECT c.id, $2, s.id, s.days, time '00:00',
                  CASE WHEN $3::int IS NULL THEN time '00:30' ELSE ${local} - make_interval(mins => $3::int) END
             FROM companies c, draw_sources s WHERE c.id = $1 AND s.id = $4 RETURNING id`,
          [b.id, name, minutes, src.id],
        );
        return r.id;
      };
      const closeOf = async (id: number) =>
        (
          await t.database.raw.query<{ close: string; rule: string }>(
            `SELECT to_char(t.close_time, 'HH24:MI') AS close, to_char(${local} - interval '12 minutes', 'HH24:MI') AS rule
               FROM tirages t JOIN companies c ON c.id = t.company_id JOIN draw_sources s ON s.id = $2 WHERE t.id = $1`,
            [id, src.id],
          )
        )[0];
      const current = (await row(b.id)).sales_close_minutes as number;
      const ruled = await make('Suit la règle', current);
      const byHand = await make('Réglé à la main', null);
      const res = await callAs(t, 'PUT', URL, adminB, { sales_close_minutes: 12 });
      expect(res.statusCode, res.body).toBe(200);
      const moved = await closeOf(ruled);
      expect(moved.close).toBe(moved.rule);
      expect((await closeOf(byHand)).close).toBe('00:30');
      const [log] = (await audits(b.id)).slice(-1);
      expect(log.after.tirages_close_time).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: ruled, close_time: moved.close })]),
      );
    });
  });
});
