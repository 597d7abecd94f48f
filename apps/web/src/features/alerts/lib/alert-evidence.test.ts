import { describe, expect, it } from 'vitest';
import { ficheLink, figuresOf } from './alert-evidence';

describe('alert evidence', () => {
  it('reads amounts, instants, flags and counts; drops empty and internal figures', () => {
    expect(
      figuresOf({
        fiches: [],
        figures: {
          sold_amount: '12345678901234567890',
          sold_at: '2026-11-26T15:00:00Z',
          official: true,
          tickets: 3,
          reason: null,
          seller_id: 12,
        },
      }),
    ).toEqual([
      { key: 'sold_amount', kind: 'money', value: '12345678901234567890' },
      { key: 'sold_at', kind: 'time', value: '2026-11-26T15:00:00Z' },
      { key: 'official', kind: 'flag', value: true },
      { key: 'tickets', kind: 'text', value: 3 },
    ]);
  });

  it('links a ticket to its list on its sale day, its drawer open', () => {
    const lists = { sold: '/dashboard/borlette/list-fiches', deleted: '/dashboard/borlette/list-fiches-supprimer' };
    expect(ficheLink({ id: 7, number: 123, sale_date: '2026-11-26', status: 'active' }, lists)).toBe(
      '/dashboard/borlette/list-fiches?start_date=2026-11-26&end_date=2026-11-26&fiche=7',
    );
    expect(ficheLink({ id: 8, number: 124, sale_date: '2026-11-25', status: 'deleted' }, lists)).toBe(
      '/dashboard/borlette/list-fiches-supprimer?start_date=2026-11-25&end_date=2026-11-25&fiche=8',
    );
  });
});
