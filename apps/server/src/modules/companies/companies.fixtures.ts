import { auth, createTestApp, createUser, login, type TestContext } from '../../../test/helpers';
import { multipartBody } from '../../../test/multipart-body';

/**
 * The world shared by the companies API suites (`companies*.api.test.ts`): a full-access superuser
 * (root, rootId) and a superuser with view_company only (viewer).
 * Each suite calls `setupCompanies` in its `beforeAll` (one app and database per file); the bindings
 * below are live, so the tests read the values set there (and `n` after each `newCompany`).
 */
export let t: TestContext;
export let root: string;
export let rootId: number;
export let viewer: string;

export async function setupCompanies(): Promise<void> {
  t = await createTestApp();
  const r = await createUser(t.database, { role: 'superuser', fullAccess: true });
  rootId = r.id;
  root = (await login(t.app, r.username)).accessToken;
  viewer = (
    await login(t.app, (await createUser(t.database, { role: 'superuser', permissions: ['view_company'] })).username)
  ).accessToken;
}

export const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), payload });
export const form = (
  method: 'POST' | 'PUT',
  token: string,
  fields: Parameters<typeof multipartBody>[0],
  files: Parameters<typeof multipartBody>[1] = {},
) => {
  const { payload, headers } = multipartBody(fields, files);
  return t.app.inject({ method, url: '/api/generals/compagnies', payload, headers: { ...headers, ...auth(token) } });
};
/** How many companies `newCompany` has built (its last one is named `Borlette ${n}`). */
export let n = 0;
export const newCompany = (extra: Record<string, string | number> = {}) => {
  n++;
  return {
    name: `Borlette ${n}`,
    country_code: 'HT',
    admin_first_name: 'Marie',
    admin_last_name: 'Joseph',
    admin_username: `admin_co_${n}_${process.pid}`,
    admin_password: 'motdepasse-123',
    ...extra,
  };
};
