import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { AppError } from '../../http/errors';
import { formatMoney, lastMonth, monthEnd, periodMonths, singleMonth } from './invoices.service';
import { MoncashProvider } from './providers/moncash';
import { SandboxProvider } from './providers/sandbox';

const MONCASH_ENV = {
  MONCASH_CLIENT_ID: 'id',
  MONCASH_CLIENT_SECRET: 'secret',
  MONCASH_API_URL: 'https://sandbox.moncashbutton.digicelgroup.com/Api/',
  MONCASH_GATEWAY_URL: 'https://sandbox.moncashbutton.digicelgroup.com/Moncash-middleware',
};

describe('billing configuration', () => {
  it('defaults to the sandbox, without MonCash; automatic invoices off in tests only', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.billing).toEqual({
      provider: 'sandbox',
      sandbox: true,
      sandboxSecret: null,
      moncash: null,
      autoInvoices: false,
    });
    expect(loadConfig({}).billing.autoInvoices).toBe(true);
    expect(loadConfig({ BILLING_AUTO_INVOICES: '0' }).billing.autoInvoices).toBe(false);
    expect(c.platformName).toBe('Borlette');
  });

  it('MonCash configured: it is the provider and the sandbox is closed, unless PAYMENT_PROVIDER says sandbox', () => {
    const c = loadConfig({ ...MONCASH_ENV, MONCASH_HTG_PER_USD: '132.5' });
    expect(c.billing).toMatchObject({ provider: 'moncash', sandbox: false });
    expect(c.billing.moncash).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      apiUrl: 'https://sandbox.moncashbutton.digicelgroup.com/Api',
      gatewayUrl: 'https://sandbox.moncashbutton.digicelgroup.com/Moncash-middleware',
      htgPerUsd: 132.5,
    });
    expect(loadConfig({ ...MONCASH_ENV, PAYMENT_PROVIDER: 'sandbox' }).billing).toMatchObject({
      provider: 'sandbox',
      sandbox: true,
      moncash: { htgPerUsd: null },
    });
  });

  it('refuses an incomplete or inconsistent payment configuration at start', () => {
    expect(() => loadConfig({ MONCASH_CLIENT_ID: 'id' })).toThrow(
      /MONCASH_CLIENT_SECRET, MONCASH_API_URL, MONCASH_GATEWAY_URL/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'moncash' })).toThrow(/PAYMENT_PROVIDER=moncash/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ PAYMENT_SANDBOX_SECRET: 'short' })).toThrow(/PAYMENT_SANDBOX_SECRET/);
    expect(() => loadConfig({ ...MONCASH_ENV, MONCASH_HTG_PER_USD: '-3' })).toThrow(/MONCASH_HTG_PER_USD/);
    expect(() => loadConfig({ ...MONCASH_ENV, MONCASH_API_URL: 'not a url' })).toThrow(/MONCASH_API_URL/);
  });
});

describe('sandbox signatures', () => {
  const checkout = {
    id: '6f1c2a4e-8a43-4e57-9a51-1f9b1b0d4c11',
    orderRef: 'SBX-key-of-this-checkout',
    amount: 2000,
    currency: 'USD',
  };

  it('bind one checkout, one action and its amount; keyed by the checkout’s own secret or PAYMENT_SANDBOX_SECRET', () => {
    const own = new SandboxProvider(true, null);
    const sig = own.sign('confirm', checkout);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(own.verify('confirm', checkout, sig)).toBe(true);
    expect(own.verify('cancel', checkout, sig)).toBe(false);
    expect(own.verify('confirm', { ...checkout, amount: 1 }, sig)).toBe(false);
    expect(own.verify('confirm', { ...checkout, currency: 'HTG' }, sig)).toBe(false);
    expect(own.verify('confirm', { ...checkout, id: '6f1c2a4e-8a43-4e57-9a51-1f9b1b0d4c12' }, sig)).toBe(false);
    expect(own.verify('confirm', { ...checkout, orderRef: 'SBX-another' }, sig)).toBe(false);
    expect(own.verify('confirm', checkout, '')).toBe(false);
    expect(own.verify('confirm', checkout, `${sig}x`)).toBe(false);

    const keyed = new SandboxProvider(true, 'a-long-enough-secret-from-env');
    expect(keyed.sign('confirm', checkout)).not.toBe(sig);
    expect(keyed.verify('confirm', checkout, sig)).toBe(false);
    expect(
      new SandboxProvider(true, 'another-secret-of-another-env').verify(
        'confirm',
        checkout,
        keyed.sign('confirm', checkout),
      ),
    ).toBe(false);
  });

  it('is refused when not offered', () => {
    expect(() => new SandboxProvider(false, null).assertAvailable()).toThrow(AppError);
    expect(() => new SandboxProvider(true, null).assertAvailable()).not.toThrow();
  });
});

describe('MonCash amounts', () => {
  const cfg = { clientId: 'i', clientSecret: 's', apiUrl: 'http://x/Api', gatewayUrl: 'http://x/G', htgPerUsd: 132.5 };

  it('charges the invoice at the configured rate, rounded up to the gourde', () => {
    const m = new MoncashProvider(cfg);
    expect(m.charge(1000, 'USD')).toBe(1325);
    expect(m.charge(999, 'USD')).toBe(1324); // 1 323,675 HTG
    expect(m.charge(1, 'USD')).toBe(2); // 1,325 HTG
    expect(new MoncashProvider({ ...cfg, htgPerUsd: 1.1 }).charge(1000, 'USD')).toBe(11); // not 12 (float noise)
    expect(m.charge(150050, 'HTG')).toBe(1501);
  });

  it('refuses without a rate, another currency, or without configuration', () => {
    expect(() => new MoncashProvider({ ...cfg, htgPerUsd: null }).assertAvailable(1000, 'USD')).toThrow(
      /MONCASH_HTG_PER_USD/,
    );
    expect(() => new MoncashProvider(cfg).assertAvailable(1000, 'EUR')).toThrow(AppError);
    expect(() => new MoncashProvider(null).assertAvailable(1000, 'USD')).toThrow(/pas configuré/);
    expect(new MoncashProvider(cfg).newOrderRef('6f1c2a4e-8a43-4e57-9a51-1f9b1b0d4c11')).toBe(
      '6f1c2a4e8a434e579a511f9b1b0d4c11',
    );
  });
});

describe('billing periods and amounts', () => {
  const now = new Date('2025-03-17T10:00:00Z');

  it('a range selects the calendar months it touches; the default is the current month (UTC)', () => {
    expect(periodMonths({}, now)).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(periodMonths({ start_date: '2025-01-15' }, now)).toEqual({ from: '2025-01-01', to: '2025-01-01' });
    expect(periodMonths({ end_date: '2024-12-02' }, now)).toEqual({ from: '2024-12-01', to: '2024-12-01' });
    expect(periodMonths({ start_date: '2024-11-30', end_date: '2025-02-01' }, now)).toEqual({
      from: '2024-11-01',
      to: '2025-02-01',
    });
    expect(singleMonth({ start_date: '2025-02-01', end_date: '2025-02-28' }, now)).toBe('2025-02-01');
    expect(() => singleMonth({ start_date: '2025-02-01', end_date: '2025-03-01' }, now)).toThrow(/un mois/);
    expect(monthEnd('2024-02-10')).toBe('2024-02-29');
    expect(monthEnd('2025-12-01')).toBe('2025-12-31');
    expect(lastMonth(now)).toBe('2025-02-01');
    expect(lastMonth(new Date('2025-01-01T00:00:00Z'))).toBe('2024-12-01');
  });

  it('money reads the French way', () => {
    expect(formatMoney(1234567, 'USD')).toBe('12 345,67 USD');
    expect(formatMoney(5, 'USD')).toBe('0,05 USD');
    expect(formatMoney(-1000, 'HTG')).toBe('-10,00 HTG');
  });
});
