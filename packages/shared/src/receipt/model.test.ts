import { describe, expect, it } from 'vitest';
import type { FicheView } from '../contracts/fiches';
import { copyOf, publicFicheUrl, receiptDateTime, receiptDay, ticketReceipt } from './model';

const fiche: FicheView = {
  id: 9,
  number: 1000018,
  ref_code: 'Ref/Code',
  verification_code: 'ABCD2345',
  sold_at: '2026-03-14T15:00:00Z',
  sale_date: '2026-03-14',
  status: 'en_attente',
  blocked: false,
  amount: 3000,
  commission_amount: 300,
  win_amount: 0,
  paid_at: null,
  paid_amount: null,
  expires_on: '2026-06-12',
  cancel_until: '2026-03-14T15:10:00Z',
  print_count: 1,
  agent_id: 4,
  agent_name: 'Pierre Louis',
  surcussale_name: 'Delmas',
  company_name: 'Borlette Démo',
  company_logo: null,
  currency: 'HTG',
  timezone: 'America/Port-au-Prince',
  draws: [
    {
      tirage_id: 5,
      name: 'New York Soir',
      draw_date: '2026-03-14',
      amount: 1500,
      win_amount: 0,
      status: 'en_attente',
      result: null,
      result_late: false,
    },
    {
      tirage_id: 2,
      name: 'Florida Soir',
      draw_date: '2026-03-14',
      amount: 1500,
      win_amount: 0,
      status: 'en_attente',
      result: null,
      result_late: false,
    },
  ],
  lines: [
    { tirage_id: 2, position: 3, code: 44, number: '07*81', stake: 0, free: true, win_amount: 0 },
    { tirage_id: 2, position: 1, code: 20, number: '23', stake: 1000, free: false, win_amount: 0 },
    { tirage_id: 2, position: 2, code: 40, number: '12*34', stake: 500, free: false, win_amount: 0 },
    { tirage_id: 5, position: 1, code: 20, number: '23', stake: 1000, free: false, win_amount: 0 },
    { tirage_id: 5, position: 2, code: 40, number: '12*34', stake: 500, free: false, win_amount: 0 },
  ],
};

describe('receipt layout', () => {
  it('groups lines under their draw, bets first then free mariages', () => {
    const r = ticketReceipt(fiche, 'https://pos.example/');
    expect(r.number).toBe('1000018');
    expect(r.draws.map((d) => d.name)).toEqual(['New York Soir', 'Florida Soir']);
    expect(r.draws[1]!.lines.map((l) => [l.number, l.free])).toEqual([
      ['23', false],
      ['12*34', false],
      ['07*81', true],
    ]);
    expect(r.draws[0]!.lines).toHaveLength(2);
    expect(r.total).toBe(3000);
    expect(r.url).toBe('https://pos.example/fiche-view/Ref%2FCode');
    expect(r.verificationCode).toBe('ABCD-2345');
    expect(r.draws[1]!.lines.map((l) => l.game)).toEqual(['Bolet', 'Mariage', 'Mariage']);
    expect(r.copy).toBeNull();
    expect(r.cancelled).toBe(false);
  });

  it('marks a copy « COPIE n » from the print count', () => {
    expect(ticketReceipt(fiche, 'x', { copy: 3 }).copy).toBe(3);
    expect(ticketReceipt(fiche, 'x', { copy: 1 }).copy).toBeNull();
    expect(copyOf({ print_count: 1 })).toBeUndefined();
    expect(copyOf({ print_count: 2 })).toBe(2);
  });

  it('prints dates on the company clock, without locale spaces', () => {
    expect(receiptDateTime('2026-03-14T15:00:00Z', 'America/Port-au-Prince')).toBe('14/03/2026 11:00');
    expect(receiptDay('2026-06-12')).toBe('12/06/2026');
  });

  it('links the receipt to its public page', () => {
    expect(publicFicheUrl('http://h', 'abc')).toBe('http://h/fiche-view/abc');
  });
});
