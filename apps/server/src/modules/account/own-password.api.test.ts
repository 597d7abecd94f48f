import type { Role } from '@borlette/shared/permissions';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  auth,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers';

const PREFIX: Record<Role, string> = {
  superuser: 'generals',
  company: 'companies',
  supervisor: 'supervisors',
  agent: 'agents',
};

/** POST /api/{prefix}/user/password: every person changes their own password, nobody else's. */
describeApi('own password (every role)', () => {
  let t: TestContext;
  let company: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    company = await createCompany(t.database);
  });
  afterAll(() => t?.close());

  const person = async (role: Role, opts: { fullAccess?: boolean } = {}) => {
    const u = await createUser(t.database, {
      role,
      companyId: role === 'superuser' ? undefined : company.id,
      fullAccess: opts.fullAccess ?? false,
      permissions: [],
    });
    return { ...u, role, token: (await login(t.app, u.username)).accessToken };
  };
  const change = (role: Role, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/${PREFIX[role]}/user/password`, headers: auth(token), payload });
  const signsIn = async (username: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/user/auth/login', payload: { username, password } }))
      .statusCode === 200;

  it('lets an agent, a supervisor and platform staff without any codename, an admin and the superuser change their own', async () => {
    const people = [
      await person('agent'),
      await person('supervisor'),
      await person('superuser'), // platform staff (a general) holding no codename
      await person('company', { fullAccess: true }),
      await person('superuser', { fullAccess: true }),
    ];
    for (const p of people) {
      const other = (await login(t.app, p.username)).accessToken;
      const res = await change(p.role, p.token, { current_password: PASSWORD, new_password: `Neuf-${p.role}-2026` });
      expect(res.statusCode, `${p.role}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ ok: true, other_sessions_revoked: 1 });
      expect(await signsIn(p.username, PASSWORD), p.role).toBe(false);
      expect(await signsIn(p.username, `Neuf-${p.role}-2026`), p.role).toBe(true);
      // The session that changed it stays; the others are signed out.
      expect((await t.app.inject({ url: `/api/${PREFIX[p.role]}/user`, headers: auth(p.token) })).statusCode).toBe(200);
      expectErrorBody(await t.app.inject({ url: `/api/${PREFIX[p.role]}/user`, headers: auth(other) }), 401);
    }
    // The superuser's page reads its account (it shows only the password form).
    const su = people[4];
    const page = await t.app.inject({ url: '/api/generals/user/account', headers: auth(su.token) });
    expect(page.json()).toMatchObject({ id: su.id, role: 'superuser' });
    const rows = await t.database.raw.query<{ user_id: number; role: string; company_id: number | null }>(
      "SELECT user_id, role, company_id FROM audit_log WHERE action = 'change_password' ORDER BY id",
    );
    expect(rows.map((r) => r.user_id)).toEqual(people.map((p) => p.id));
    expect(rows.map((r) => r.role)).toEqual(people.map((p) => p.role));
    // A superuser's own change is no company's event.
    expect(rows.map((r) => r.company_id)).toEqual([company.id, company.id, null, company.id, null]);
  });

  it('refuses a wrong current password with a clear French message on the field (400), and audits it', async () => {
    const p = await person('supervisor');
    const res = await change('supervisor', p.token, { current_password: 'pas-le-bon', new_password: 'Nouveau-123' });
    const body = expectErrorBody(res, 400);
    expect(body.message).toBe('Mot de passe actuel incorrect.');
    expect(body.fields).toEqual({ current_password: 'Mot de passe actuel incorrect.' });
    expect(await signsIn(p.username, PASSWORD)).toBe(true);
    const [{ n }] = await t.database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'change_password_failed' AND user_id = $1",
      [p.id],
    );
    expect(n).toBe(1);
  });

  it('refuses a missing, short or unchanged new password (400 on the field)', async () => {
    const p = await person('agent');
    const missing = expectErrorBody(await change('agent', p.token, { current_password: PASSWORD }), 400);
    expect(missing.fields?.new_password).toBeTruthy();
    const short = expectErrorBody(
      await change('agent', p.token, { current_password: PASSWORD, new_password: 'a' }),
      400,
    );
    expect(short.fields?.new_password).toMatch(/8 caractères/);
    const same = expectErrorBody(
      await change('agent', p.token, { current_password: PASSWORD, new_password: PASSWORD }),
      400,
    );
    expect(same.fields?.new_password).toMatch(/différent/);
  });

  it('changes nobody else’s: a body naming another person is refused, and each role answers only its own prefix', async () => {
    const admin = await person('company', { fullAccess: true });
    const agent = await person('agent');
    for (const extra of [{ id: agent.id }, { username: agent.username }, { user_id: agent.id }]) {
      const res = await change('company', admin.token, {
        current_password: PASSWORD,
        new_password: 'Pris-1234',
        ...extra,
      });
      expectErrorBody(res, 400);
    }
    // The agent's own prefix with the admin's token, and the other way round: 403.
    expectErrorBody(await change('agent', admin.token, { current_password: PASSWORD, new_password: 'Pris-1234' }), 403);
    expectErrorBody(
      await change('company', agent.token, { current_password: PASSWORD, new_password: 'Pris-1234' }),
      403,
    );
    expect(await signsIn(agent.username, PASSWORD)).toBe(true);
    expect(await signsIn(admin.username, PASSWORD)).toBe(true);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/agents/user/password',
      payload: { current_password: PASSWORD, new_password: 'Pris-1234' },
    });
    expectErrorBody(anonymous, 401);
  });

  it('lets one of parallel changes win, refuses the others, and the winner’s password is the one in force', async () => {
    const p = await person('company', { fullAccess: true });
    const tries = ['Un-Parallele-1', 'Deux-Parallele-2', 'Trois-Parallele-3', 'Quatre-Parallele-4'];
    const answers = await Promise.all(
      tries.map((next) => change('company', p.token, { current_password: PASSWORD, new_password: next })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c === 200),
      codes.join(','),
    ).toHaveLength(1);
    // The others: the current password was no longer the one checked (409) or no longer right (400).
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect([400, 409]).toContain(r.statusCode);
      expect(r.json().message).toMatch(/Mot de passe actuel incorrect|vient d’être changé/);
    }
    const winner = tries[codes.indexOf(200)];
    expect(await signsIn(p.username, winner)).toBe(true);
    for (const loser of tries.filter((x) => x !== winner)) expect(await signsIn(p.username, loser)).toBe(false);
  });

  it('is throttled like the sign-in: after 10 wrong current passwords in 15 minutes, 429', async () => {
    const p = await person('agent');
    for (let i = 0; i < 10; i++) {
      expectErrorBody(
        await change('agent', p.token, { current_password: `faux-${i}`, new_password: 'Nouveau-123' }),
        400,
      );
    }
    const res = await change('agent', p.token, { current_password: PASSWORD, new_password: 'Nouveau-123' });
    expect(expectErrorBody(res, 429).fields?.current_password).toMatch(/Trop d’essais/);
  });
});
