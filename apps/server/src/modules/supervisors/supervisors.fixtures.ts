import sharp from 'sharp';
import { auth, createCompany, createTestApp, createUser, login, type TestContext } from '../../../test/helpers';

/**
 * The world shared by the supervisors API suites (`supervisors*.api.test.ts`): companies A and B with
 * their full-access admins, A's sub-branches north and south, B's bSub, and a PNG to upload.
 * Each suite calls `setupSupervisors` in its `beforeAll` (one app and database per file); the bindings
 * below are live, so the tests read the values set there.
 */
export let t: TestContext;
export let a: { id: number; ref_code: string };
export let b: { id: number; ref_code: string };
export let adminA: string;
export let adminB: string;
export let north: number;
export let south: number;
export let bSub: number;
export let png: Buffer;

/** A multipart body built by hand (what a browser's FormData sends). */
function multipart(fields: [string, string][], files: { name: string; filename: string; data: Buffer }[] = []) {
  const boundary = `----borlette${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), payload });
export const form = (
  method: 'POST' | 'PUT',
  token: string,
  fields: [string, string][],
  files?: Parameters<typeof multipart>[1],
) => {
  const m = multipart(fields, files);
  return t.app.inject({
    method,
    url: '/api/companies/supervisor',
    headers: { ...auth(token), ...m.headers },
    payload: m.payload,
  });
};
export const tokenOf = async (username: string, password?: string) =>
  (await login(t.app, username, password)).accessToken;
export const newSub = async (token: string, name: string) =>
  (await call('POST', '/api/companies/surcussale', token, { name })).json().id as number;

let n = 0;
export const supBody = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Marie',
  last_name: 'Joseph',
  phone: '+509 3700 0001',
  email: 'marie@example.ht',
  username: `sup_${process.pid}_${++n}`,
  password: 'motdepasse-1',
  permissions: ['view_agent', 'block_agent'],
  surcussales: [north],
  ...extra,
});

export async function setupSupervisors(): Promise<void> {
  t = await createTestApp();
  a = await createCompany(t.database);
  b = await createCompany(t.database);
  adminA = await tokenOf(
    (await createUser(t.database, { role: 'company', companyId: a.id, fullAccess: true })).username,
  );
  adminB = await tokenOf(
    (await createUser(t.database, { role: 'company', companyId: b.id, fullAccess: true })).username,
  );
  north = await newSub(adminA, 'Nord');
  south = await newSub(adminA, 'Sud');
  bSub = await newSub(adminB, 'Secret B');
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
}
