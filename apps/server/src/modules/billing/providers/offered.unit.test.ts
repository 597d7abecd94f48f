import { describe, expect, it } from 'vitest';
import type { BillingConfig } from '../../../config';
import { paymentProviders } from './index';

const moncash = {
  clientId: 'id',
  clientSecret: 'secret',
  apiUrl: 'https://sandbox.moncashbutton.digicelgroup.com/Api',
  gatewayUrl: 'https://sandbox.moncashbutton.digicelgroup.com/Moncash-middleware',
  htgPerUsd: 132.5,
};
const base: BillingConfig = {
  provider: 'sandbox',
  sandbox: true,
  sandboxSecret: null,
  autoInvoices: false,
  moncash: null,
};
const offered = (cfg: Partial<BillingConfig>) => paymentProviders({ ...base, ...cfg }).offered();

describe('the providers the pay page may offer', () => {
  it('the demo (no MonCash): the sandbox only', () => {
    expect(offered({})).toEqual({ providers: ['sandbox'], default: 'sandbox' });
  });

  it('MonCash once its credentials and its HTG/USD rate are set (Digicel sandbox credentials count)', () => {
    expect(offered({ moncash: { ...moncash, htgPerUsd: null } })).toEqual({
      providers: ['sandbox'],
      default: 'sandbox',
    });
    expect(offered({ moncash })).toEqual({ providers: ['sandbox', 'moncash'], default: 'sandbox' });
    expect(offered({ provider: 'moncash', sandbox: false, moncash })).toEqual({
      providers: ['moncash'],
      default: 'moncash',
    });
  });
});
