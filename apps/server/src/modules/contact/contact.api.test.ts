import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeApi, expectErrorBody, type TestContext } from '../../../test/helpers';

describeApi('public contact form', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  const send = (payload: object, remoteAddress = '10.1.1.1') =>
    t.app.inject({ method: 'POST', url: '/api/public/contact', payload, remoteAddress });
  const valid = { name: 'Jean', email: 'jean@example.ht', message: 'Bonjour, je voudrais une démo.' };

  it('stores a valid message server-side', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const [row] = await t.database.raw.query<{ email: string; ip: string }>(
      'SELECT email, ip FROM contact_messages WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ email: 'jean@example.ht', ip: '10.1.1.1' });
  });

  it('names each invalid field in French and stores nothing', async () => {
    const before = await t.database.raw.query<{ n: number }>('SELECT count(*)::int n FROM contact_messages');
    const res = await send({ name: '', email: 'pas-un-email', message: 'hi' }, '10.1.1.2');
    const body = expectErrorBody(res, 400);
    expect(body.fields).toMatchObject({ name: 'Le nom est requis', email: 'Adresse e-mail invalide' });
    expect(body.fields?.message).toMatch(/trop court/);
    const after = await t.database.raw.query<{ n: number }>('SELECT count(*)::int n FROM contact_messages');
    expect(after[0].n).toBe(before[0].n);
  });

  it('limits one address to 5 messages an hour', async () => {
    for (let i = 0; i < 5; i++) expect((await send(valid, '10.1.1.3')).statusCode).toBe(200);
    expect(expectErrorBody(await send(valid, '10.1.1.3'), 429).message).toMatch(/trop de messages/);
  });
});
