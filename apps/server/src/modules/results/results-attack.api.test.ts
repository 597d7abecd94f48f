import { afterAll, beforeAll, expect, it } from 'vitest';
import { callAs, createTestApp, createUser, describeApi, login, type TestContext } from '../../../test/helpers';

/** Review: the results pipeline's settings changed by parallel requests. */
describeApi('results settings under attack', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('20 parallel saves: each audited once with the settings it replaced', async () => {
    const superuser = await createUser(t.database, { role: 'superuser', fullAccess: true });
    const root = (await login(t.app, superuser.username)).accessToken;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callAs(t, 'PUT', '/api/generals/results/settings', root, { apply_mode: 'confirmed', late_after_min: 10 + i }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const audits = await t.database.raw.query<{
      before: { late_after_min: number };
      after: { late_after_min: number };
    }>(`SELECT before, after FROM audit_log WHERE entity = 'results_settings' ORDER BY id`);
    expect(audits).toHaveLength(20);
    for (let i = 1; i < audits.length; i++) expect(audits[i].before).toEqual(audits[i - 1].after);
  });
});
