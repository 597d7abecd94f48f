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
import { multipartBody } from '../../../test/multipart-body';

/**
 * Issue 15, defect 2: an attempt is reserved in the database before the password is hashed (throttle.ts),
 * so parallel guesses are checked at most the design limit; the limit is per (username, address) with a
 * per-username ceiling, so an attacker's address cannot lock the owner out.
 * "Checked" is counted from the audit trail (one `login_failed` per wrong password checked, one
 * `login` per accepted one): it is what scrypt ran on, whatever the throttle's own table holds.
 */
const LIMIT = 10; // per username and address, and for the account form's current password
const CEILING = 100; // per username, every address

describeApi('sign-in throttling', () => {
  let t: TestContext;
  let companyId: number;
  beforeAll(async () => {
    t = await createTestApp();
    companyId = (await createCompany(t.database)).id;
  });
  afterAll(() => t?.close());

  const attempt = (username: string, password: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/user/auth/login', payload: { username, password }, remoteAddress });
  const newOwner = () => createUser(t.database, { role: 'company', companyId, fullAccess: true });

  const audited = async (userId: number, actions: string[]) => {
    const [{ n }] = await t.database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log WHERE user_id = $1 AND action = ANY($2::text[])',
      [userId, actions],
    );
    return n;
  };
  const checked = (userId: number) => audited(userId, ['login_failed', 'login']);
  /** Waits (polling the database, no timing asserted) until `cond` holds. */
  const until = async (cond: () => Promise<boolean>) => {
    for (let i = 0; i < 3000; i++) {
      if (await cond()) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('condition never met');
  };
  /** Failures recorded straight in the table (same columns before and after the fix). */
  const failures = (username: string, ip: string, count: number) =>
    t.database.raw.query(
      `INSERT INTO login_attempts (username, ip, success, at)
       SELECT $1, $2, false, now() - interval '1 minute' FROM generate_series(1, $3::int)`,
      [username.toLowerCase(), ip, count],
    );
  const statuses = (answers: { statusCode: number }[]) =>
    answers.reduce<Record<number, number>>((m, r) => {
      m[r.statusCode] = (m[r.statusCode] ?? 0) + 1;
      return m;
    }, {});

  it('40 parallel wrong passwords with the right one in the middle: at most the limit are checked, the right one refused', async () => {
    const u = await newOwner();
    const first = Array.from({ length: 20 }, () => attempt(u.username, 'wrong'));
    // The right password arrives while these are still in flight, once the window is full.
    await until(async () => (await checked(u.id)) >= LIMIT);
    const right = attempt(u.username, PASSWORD);
    const rest = Array.from({ length: 19 }, () => attempt(u.username, 'wrong'));
    const answers = await Promise.all([...first, right, ...rest]);
    expect(expectErrorBody(await right, 429).code).toBe('TOO_MANY_ATTEMPTS');
    expect(await checked(u.id)).toBeLessThanOrEqual(LIMIT);
    expect(statuses(answers)).toEqual({ 401: LIMIT, 429: 40 - LIMIT });
  }, 60_000);

  it('200 parallel wrong passwords: no more than the limit are checked', async () => {
    const u = await newOwner();
    const answers = await Promise.all(Array.from({ length: 200 }, () => attempt(u.username, 'wrong')));
    expect(await checked(u.id)).toBeLessThanOrEqual(LIMIT);
    expect(statuses(answers)[401]).toBeLessThanOrEqual(LIMIT);
    expectErrorBody(await attempt(u.username, PASSWORD), 429);
  }, 60_000);

  it('an attacker at address A cannot lock the owner out at address B; a success at B does not clear A', async () => {
    const u = await newOwner();
    const guesses = await Promise.all(Array.from({ length: LIMIT }, () => attempt(u.username, 'wrong', '10.1.0.1')));
    expect(statuses(guesses)).toEqual({ 401: LIMIT });
    expect(expectErrorBody(await attempt(u.username, PASSWORD, '10.1.0.1'), 429).message).toMatch(/Trop de tentatives/);
    expect((await attempt(u.username, PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    expectErrorBody(await attempt(u.username, PASSWORD, '10.1.0.1'), 429);
  }, 60_000);

  it('stops distributed guessing at a ceiling per username, but not at the address where the owner signs in', async () => {
    const u = await newOwner();
    expect((await attempt(u.username, PASSWORD, '10.2.0.1')).statusCode).toBe(200); // the owner's shop
    for (let a = 1; a < CEILING / LIMIT; a++) await failures(u.username, `10.2.1.${a}`, LIMIT - 1);
    await failures(u.username, '10.2.1.99', CEILING - (CEILING / LIMIT - 1) * (LIMIT - 1) - 1);
    // One short of the ceiling: a new address still signs in (yesterday, 10 failures anywhere locked it).
    expect((await attempt(u.username, PASSWORD, '10.2.2.1')).statusCode).toBe(200);
    await failures(u.username, '10.2.1.100', 1);
    expectErrorBody(await attempt(u.username, PASSWORD, '10.2.2.2'), 429);
    expect((await attempt(u.username, PASSWORD, '10.2.0.1')).statusCode).toBe(200);
    // Another username is not concerned.
    const other = await newOwner();
    expect((await attempt(other.username, PASSWORD, '10.2.2.2')).statusCode).toBe(200);
  });

  it('refuses an address that fails for many usernames', async () => {
    await t.database.raw.query(
      `INSERT INTO login_attempts (username, ip, success) SELECT 'x' || g, '10.9.9.9', false FROM generate_series(1, 50) g`,
    );
    const u = await newOwner();
    expectErrorBody(await attempt(u.username, PASSWORD, '10.9.9.9'), 429);
    expect((await attempt(u.username, PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });

  it('a success clears that address’s failures for that username', async () => {
    const u = await newOwner();
    await failures(u.username, '10.3.0.1', LIMIT - 1);
    expect((await attempt(u.username, PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    const again = await Promise.all(Array.from({ length: LIMIT }, () => attempt(u.username, 'wrong', '10.3.0.1')));
    expect(statuses(again)).toEqual({ 401: LIMIT });
    expectErrorBody(await attempt(u.username, PASSWORD, '10.3.0.1'), 429);
  }, 60_000);

  it('the account form: parallel wrong current passwords are checked at most the limit, the right one refused', async () => {
    const u = await newOwner();
    const { accessToken } = await login(t.app, u.username);
    const put = (current: string) => {
      const { payload, headers } = multipartBody({ current_password: current, new_password: 'nouveau-mot-1' });
      return t.app.inject({
        method: 'PUT',
        url: '/api/companies/user',
        payload,
        headers: { ...headers, ...auth(accessToken) },
      });
    };
    const formChecked = () => audited(u.id, ['change_password_failed', 'change_password']);
    const first = Array.from({ length: 20 }, (_, i) => put(`faux-${i}`));
    await until(async () => (await formChecked()) >= LIMIT);
    const right = put(PASSWORD);
    const rest = Array.from({ length: 19 }, (_, i) => put(`encore-faux-${i}`));
    const answers = await Promise.all([...first, right, ...rest]);
    expect(expectErrorBody(await right, 429).fields?.current_password).toBeTruthy();
    expect(await formChecked()).toBeLessThanOrEqual(LIMIT);
    expect(statuses(answers)).toEqual({ 400: LIMIT, 429: 40 - LIMIT });

    const v = await newOwner();
    const token = (await login(t.app, v.username)).accessToken;
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const { payload, headers } = multipartBody({ current_password: `x-${i}`, new_password: 'nouveau-mot-1' });
        return t.app.inject({
          method: 'PUT',
          url: '/api/companies/user',
          payload,
          headers: { ...headers, ...auth(token) },
        });
      }),
    );
    expect(await audited(v.id, ['change_password_failed'])).toBeLessThanOrEqual(LIMIT);
    expect(statuses(burst)[400]).toBeLessThanOrEqual(LIMIT);
  }, 60_000);

  it('the account form: a success at this address does not lift the limit (a stolen session at the shop)', async () => {
    const u = await newOwner();
    const { accessToken } = await login(t.app, u.username);
    const put = (current: string) => {
      const { payload, headers } = multipartBody({ current_password: current, new_password: 'nouveau-mot-2' });
      return t.app.inject({
        method: 'PUT',
        url: '/api/companies/user',
        payload,
        headers: { ...headers, ...auth(accessToken) },
      });
    };
    const changed = await put(PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => put(`faux-${i}`)));
    expect(await audited(u.id, ['change_password_failed'])).toBeLessThanOrEqual(LIMIT);
    expect(statuses(answers)).toEqual({ 400: LIMIT, 429: 40 - LIMIT });
  }, 60_000);
});
