import { describe, expect, it } from 'vitest';
import { toMessages, toPosRow, toRowsPage } from './rows';

describe('rows of the POS lists', () => {
  it('reads ticket rows or full tickets', () => {
    const row = toPosRow({ id: 1, number: 18, tirages: [{ name: 'NY Soir' }], status: 'perdant', amount: 500 });
    expect(row).toMatchObject({
      id: 1,
      number: 18,
      draws: ['NY Soir'],
      status: 'perdant',
      amount: 500,
      cancel_until: null,
    });
    const full = toPosRow({ id: 2, number: 26, draws: [{ name: 'FL Midi' }], cancel_until: '2026-03-14T15:10:00Z' });
    expect(full).toMatchObject({ draws: ['FL Midi'], cancel_until: '2026-03-14T15:10:00Z', status: 'en_attente' });
  });

  it('reads a page or an array', () => {
    expect(toRowsPage({ results: [{ id: 1, number: 18 }], count: 40, page: 2, page_size: 25 }, 1, 25)).toMatchObject({
      count: 40,
      page: 2,
      rows: [{ id: 1 }],
    });
    expect(toRowsPage([{ id: 1, number: 18 }], 1, 25)).toMatchObject({ count: 1, page: 1, pageSize: 25 });
    expect(toRowsPage(null, 1, 25).rows).toEqual([]);
  });

  it('reads the messages as an array or a page', () => {
    const m = { id: 1, title: 't', text: 'x', image: null, starts_at: 'a', ends_at: null };
    expect(toMessages([m])).toEqual([m]);
    expect(toMessages({ results: [m] })).toEqual([m]);
    expect(toMessages('oops')).toEqual([]);
  });
});
