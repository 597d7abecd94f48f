import { describe, expect, it } from 'vitest';
import { makeSettingsSchema, priceFor } from './settings-schema';

const schema = makeSettingsSchema((k) => k);
const issues = (v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('billing settings form', () => {
  it('turns typed tiers into agents and minor units', () => {
    const r = schema.parse({
      prices: [
        { min: '1', price: '10' },
        { min: '10', price: '9,50' },
      ],
      billing_grace_days: '15',
    });
    expect(r).toEqual({
      prices: [
        { min: 1, price: 1000 },
        { min: 10, price: 950 },
      ],
      billing_grace_days: 15,
    });
  });

  it('wants a ladder from 1 agent, increasing, valid prices and grace', () => {
    expect(issues({ prices: [{ min: '2', price: '10' }], billing_grace_days: '15' })).toEqual([
      'prices.0.min:firstTier',
    ]);
    expect(
      issues({
        prices: [
          { min: '1', price: '10' },
          { min: '1', price: 'x' },
        ],
        billing_grace_days: '400',
      }),
    ).toEqual(['prices.1.price:price', 'billing_grace_days:grace']);
    expect(issues({ prices: [], billing_grace_days: '' })).toEqual(['prices:tiers', 'billing_grace_days:required']);
    expect(
      issues({
        prices: [
          { min: '1', price: '10' },
          { min: '20', price: '8' },
          { min: '10', price: '9' },
        ],
        billing_grace_days: '0',
      }),
    ).toEqual(['prices.2.min:minOrder']);
  });

  it('finds the price of a number of agents', () => {
    const ladder = [
      { min: 10, price: 900 },
      { min: 1, price: 1000 },
      { min: 50, price: 600 },
    ];
    expect(priceFor(ladder, 0)).toBeNull();
    expect(priceFor(ladder, 1)).toBe(1000);
    expect(priceFor(ladder, 9)).toBe(1000);
    expect(priceFor(ladder, 10)).toBe(900);
    expect(priceFor(ladder, 120)).toBe(600);
  });
});
