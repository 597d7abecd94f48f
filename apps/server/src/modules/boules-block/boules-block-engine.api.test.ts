import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellLine, sell, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createTestApp, createUser, describeApi, login, type TestContext } from '../../../test/helpers';

/** Blocked numbers as the real SQL sale (borlette_sell) applies them. */
describeApi('blocked balls at sale', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function shop() {
    const c = await sellingCompany(t.database, { tirages: 2 });
    const u = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const token = (await login(t.app, u.username)).accessToken;
    const api = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
      const res = await t.app.inject({
        method,
        url: `/api/companies/boules-block${url}`,
        headers: auth(token),
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`${url} -> ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const [t1, t2] = c.tirages;
    return {
      t1,
      t2,
      block: (body: object) => api('POST', '', body),
      lift: (id: number, blocked = false) => api('POST', '/block', { id, blocked }),
      remove: (id: number) => api('DELETE', `?id=${id}`),
      sell: (lines: SellLine[], tirages = [t1.id]) =>
        sell(t.database.raw, { companyId: c.company.id, agentId: c.agents[0].id, tirages, lines }),
    };
  }
  const bolet = (number: string, stake = 500): SellLine => ({ code: 20, number, stake });
  const mariage = (number: string, stake = 500): SellLine => ({ code: 40, number, stake });

  it('a blocked ball refuses bolet 12 and every mariage with 12, nothing else', async () => {
    const s = await shop();
    await s.block({ number: '12' });
    await expect(s.sell([bolet('12')])).rejects.toMatchObject({
      message: `Ligne 1 : la boule 12 est bloquée pour ${s.t1.name}.`,
    });
    await expect(s.sell([bolet('45'), mariage('12*34')])).rejects.toMatchObject({
      message: `Ligne 2 : la boule 12 est bloquée pour ${s.t1.name}.`,
    });
    await expect(s.sell([mariage('05*12')], [s.t2.id])).rejects.toMatchObject({ message: /la boule 12 est bloquée/ });
    await s.sell([bolet('21'), mariage('13*34'), { code: 30, number: '123', stake: 100 }]);
  });

  it('a draw-specific block refuses that draw only', async () => {
    const s = await shop();
    await s.block({ number: '56', tirage_id: s.t2.id });
    await s.sell([bolet('56')], [s.t1.id]);
    await expect(s.sell([bolet('56')], [s.t2.id])).rejects.toMatchObject({
      message: `Ligne 1 : la boule 56 est bloquée pour ${s.t2.name}.`,
    });
    // A ticket on both draws is refused as a whole.
    await expect(s.sell([mariage('56*70')], [s.t1.id, s.t2.id])).rejects.toMatchObject({
      message: /la boule 56 est bloquée/,
    });
  });

  it('lifting the block lets the sale through; blocking again or deleting behaves accordingly', async () => {
    const s = await shop();
    const b = await s.block({ number: '12' });
    await expect(s.sell([bolet('12')])).rejects.toMatchObject({ message: /bloquée/ });
    expect((await s.lift(b.id)).blocked).toBe(false);
    await s.sell([bolet('12'), mariage('12*34')]);
    await s.lift(b.id, true);
    await expect(s.sell([mariage('12*34')])).rejects.toMatchObject({ message: /bloquée/ });
    await s.remove(b.id);
    await s.sell([mariage('12*34')]);
  });

  it('a blocked mariage refuses that pair only; a blocked loto number that number', async () => {
    const s = await shop();
    await s.block({ number: '34*12' });
    await s.block({ number: '123' });
    await expect(s.sell([mariage('12*34')])).rejects.toMatchObject({
      message: `Ligne 1 : la boule 12*34 est bloquée pour ${s.t1.name}.`,
    });
    await s.sell([bolet('12'), bolet('34'), mariage('12*35')]);
    await expect(s.sell([{ code: 30, number: '123', stake: 100 }])).rejects.toMatchObject({ message: /123/ });
    await s.sell([{ code: 30, number: '124', stake: 100 }]);
  });
});
