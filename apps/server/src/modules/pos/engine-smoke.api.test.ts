import { afterAll, beforeAll, expect, it } from 'vitest';
import { enterResult, sell, sellingCompany } from '../../../test/engine-fixtures';
import { createTestApp, describeApi, type TestContext } from '../../../test/helpers';

describeApi('engine smoke', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  it('sells and settles the worked ticket of domain.md', async () => {
    const c = await sellingCompany(t.database);
    const f = await sell(t.database.raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [c.tirages[0].id],
      lines: [
        { code: 20, number: '23', stake: 1000 },
        { code: 20, number: '45', stake: 500 },
        { code: 20, number: '99', stake: 500 },
        { code: 40, number: '23*67', stake: 200 },
        { code: 30, number: '123', stake: 100 },
        { code: 41, number: '4567', stake: 100 },
        { code: 42, number: '4567', stake: 100 },
      ],
    });
    expect(f.amount).toBe(2500);
    const s = await enterResult(t.database, { companyId: c.company.id, tirageId: c.tirages[0].id, date: c.today, pick3: '123', pick4: '4567' });
    expect(s.win_amount).toBe(810000);
  });
});
