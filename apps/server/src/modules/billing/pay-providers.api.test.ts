import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BillingWorld, billingWorld } from '../../../test/fixtures/billing.fixtures';
import { describeApi, expectErrorBody } from '../../../test/helpers';

const URL = '/api/generals/pay-providers';

// The variants of the configuration: providers/offered.unit.test.ts.
describeApi('billing: the online payment providers the pay page may offer', () => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await billingWorld({
      billing: { provider: 'sandbox', sandbox: true, sandboxSecret: null, autoInvoices: false, moncash: null },
    });
  });
  afterAll(() => w?.close());

  it('without MonCash (the demo): the sandbox only; the payment codename is required', async () => {
    const res = await w.call('GET', URL, w.root);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: ['sandbox'], default: 'sandbox' });
    expectErrorBody(await w.call('GET', URL, w.viewer), 403);
    expect((await w.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
