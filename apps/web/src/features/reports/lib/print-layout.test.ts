import type { ReportRow } from '@borlette/shared/contracts/reports';
import { describe, expect, it } from 'vitest';
import { periodText, printLayout } from './print-layout';
import { AGENT_COLUMNS, salesColumns } from './report-columns';

const fr = { language: 'fr', currency: 'HTG' };
const clean = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the columns of the reports', () => {
  it('has the agent control columns of the brief', () => {
    expect(AGENT_COLUMNS.map((c) => c.id)).toEqual([
      'agent',
      'tickets',
      'sales',
      'commission',
      'payouts',
      'balance',
      'deposits',
      'withdrawals',
      'adjustments',
      'zero',
      'collections',
      'to_collect',
      // Issue 20 §2: the supervisor's view of its agents' credit.
      'credit_limit',
      'credit_blocked',
    ]);
  });
});

const row = (over: Partial<ReportRow>): ReportRow => ({
  key: 1,
  label: 'Marc Alexis',
  detail: 'Centre',
  tickets: 3,
  sales: 150000,
  commission: 15000,
  cancelled: 0,
  cancelled_amount: 0,
  wins: 50000,
  winners: 1,
  payouts: 50000,
  paid: 1,
  balance: 85000,
  supervisor_commission: 4125,
  currency: 'HTG',
  ...over,
});

describe('the printed report', () => {
  const columns = salesColumns('agent').map((c) => ({ ...c, header: c.label }));
  const base = {
    company: 'Borlette Démo',
    title: 'Rapport de vente',
    period: '01 mars 2027',
    printedAt: '05 mars 2027 10:00',
    note: 'Montants en HTG',
    columns,
    totalsLabel: 'Total',
    format: fr,
  };

  it('lays out the header, rows with their caption, and the totals', () => {
    const rows = [row({}), row({ key: 2, label: 'Paul', detail: null, balance: -2000 })];
    const layout = printLayout({
      ...base,
      filters: [
        { label: 'Tirage', value: 'New York Soir' },
        { label: 'Succursale', value: '' },
        { label: 'Vendeur', value: null },
      ],
      rows,
      totals: [
        {
          ...row({}),
          tickets: 6,
          sales: 300000,
          commission: 30000,
          wins: 100000,
          payouts: 100000,
          balance: 83000,
          supervisor_commission: 8250,
        },
      ],
    });
    expect(layout.filters).toEqual([{ label: 'Tirage', value: 'New York Soir' }]);
    expect(layout.head.map((h) => h.align)).toEqual([
      'left',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
    ]);
    expect(layout.body[0].map((c) => clean(c.text))).toEqual([
      'Marc Alexis',
      '3',
      '1 500,00',
      '150,00',
      '500,00',
      '500,00',
      '+850,00',
      // The supervisors' commission (issue 20 §3), beside the balance it is not part of.
      '41,25',
    ]);
    expect(layout.body[0][0].caption).toBe('Centre');
    expect(layout.body[0][1].caption).toBeNull();
    expect(layout.body[1][0]).toEqual({ text: 'Paul', caption: null });
    expect(clean(layout.body[1][6].text)).toBe('\u221220,00');
    expect(layout.wide).toBe(false);
    expect(layout.foot[0].map(clean)).toEqual([
      'Total',
      '6',
      '3 000,00',
      '300,00',
      '1 000,00',
      '1 000,00',
      '+830,00',
      '82,50',
    ]);
    expect(layout.summary[0]).toEqual({ label: 'columns.tickets', value: '6' });
    expect(layout.summary.map((x) => x.label)).not.toContain('group.agent');
    expect(layout.empty).toBe(false);
  });

  it('prints one totals line per currency, never their sum', () => {
    const layout = printLayout({
      ...base,
      filters: [],
      rows: [row({}), row({ key: 2, currency: 'EUR', sales: 10000 })],
      totals: [row({ currency: 'EUR', sales: 10000 }), row({})],
      totalsLabel: ['Total EUR', 'Total HTG'],
    });
    expect(layout.foot.map((l) => [l[0], clean(l[2])])).toEqual([
      ['Total EUR', '100,00'],
      ['Total HTG', '1 500,00'],
    ]);
    expect(layout.summary.find((x) => x.label === 'columns.sales (Total EUR)')?.value).toBe('100,00');
  });

  it('prints the agent control (eleven columns) in landscape', () => {
    const cols = AGENT_COLUMNS.map((c) => ({ ...c, header: c.label }));
    const layout = printLayout({ ...base, columns: cols, filters: [], rows: [], totals: [] });
    expect(layout.wide).toBe(true);
  });

  it('says when there is nothing', () => {
    const layout = printLayout({ ...base, filters: [], rows: [], totals: [row({ tickets: 0 })] });
    expect(layout.empty).toBe(true);
    expect(layout.body).toEqual([]);
  });

  it('writes the period as one day or a range', () => {
    const f = (d: string) => `[${d}]`;
    expect(periodText('2027-03-01', '2027-03-01', f)).toBe('[2027-03-01]');
    expect(periodText('2027-03-01', '2027-03-07', f)).toBe('[2027-03-01] – [2027-03-07]');
  });
});
