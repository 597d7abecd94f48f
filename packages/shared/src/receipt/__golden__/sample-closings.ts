/**
 * Sample day closings for the closing's golden tests (test data only; not imported by production
 * code). Fixed values, so the bytes only change when the rendering does.
 */
import type { AgentClosing, ClosingDraw } from '../../contracts/closing';
import type { Figures } from '../../contracts/reports';

const figures = (f: Partial<Figures>): Figures => ({
  tickets: 0,
  sales: 0,
  commission: 0,
  cancelled: 0,
  cancelled_amount: 0,
  wins: 0,
  winners: 0,
  payouts: 0,
  paid: 0,
  balance: 0,
  ...f,
});
const draw = (tirage_id: number, tirage_name: string, f: Partial<Figures>): ClosingDraw => ({
  tirage_id,
  tirage_name,
  ...figures(f),
});

const head = {
  /** Not printed: the agent's paper carries its own figures (issue 20 §3's supervisors' commission is the company's). */
  supervisor_commission: 4950,
  date: '2026-03-14',
  produced_at: '2026-03-14T23:05:00Z',
  company: { name: 'Borlette Étoile du Nord', currency: 'HTG', timezone: 'America/Port-au-Prince' },
  agent: { id: 7, name: 'Jean-Baptiste Frédéric', username: 'agent1', surcussale_name: 'Pétion-Ville' },
};

/** Two draws, a ticket on both, a cancellation, a payout, a deposit and a withdrawal. */
const day: AgentClosing = {
  ...head,
  draws: [
    draw(1, 'New York Midi', {
      tickets: 2,
      sales: 180000,
      commission: 18000,
      wins: 600000,
      winners: 1,
      payouts: 600000,
      paid: 1,
      balance: -438000,
    }),
    draw(2, 'Florida Soir', {
      tickets: 2,
      sales: 50000,
      commission: 5000,
      cancelled: 1,
      cancelled_amount: 40000,
      balance: 45000,
    }),
  ],
  totals: figures({
    tickets: 4,
    sales: 230000,
    commission: 23000,
    cancelled: 1,
    cancelled_amount: 40000,
    wins: 600000,
    winners: 1,
    payouts: 600000,
    paid: 1,
    balance: -393000,
  }),
  day: figures({
    tickets: 3,
    sales: 230000,
    commission: 23000,
    cancelled: 1,
    cancelled_amount: 40000,
    wins: 600000,
    winners: 1,
    payouts: 600000,
    paid: 1,
    balance: -393000,
  }),
  wallet: {
    owed_start: 1234500,
    deposits: -500000,
    withdrawals: 200000,
    adjustments: 0,
    zero: 0,
    collections: 0,
    movement: -693000,
    owed_end: 541500,
  },
};

/** Nothing sold: the wallet alone, ending in « défisi », with an adjustment and a transaction zero. */
const quiet: AgentClosing = {
  ...head,
  agent: { ...head.agent, surcussale_name: null },
  draws: [],
  totals: figures({}),
  day: figures({}),
  wallet: {
    owed_start: 10000,
    deposits: -30000,
    withdrawals: 0,
    adjustments: 5000,
    zero: -10000,
    collections: 0,
    movement: -35000,
    owed_end: -25000,
  },
};

/** Amounts past 2^53 (JSON strings, as the API sends them): printed exact. */
const BIG = '9007199254740993';
const huge: AgentClosing = {
  ...day,
  draws: [draw(1, 'New York Midi', { tickets: 1, sales: BIG as unknown as number, balance: BIG as unknown as number })],
  totals: figures({ tickets: 1, sales: BIG as unknown as number, balance: BIG as unknown as number }),
  day: figures({ tickets: 1, sales: BIG as unknown as number, balance: BIG as unknown as number }),
  wallet: {
    ...day.wallet,
    owed_start: 0,
    deposits: 0,
    withdrawals: 0,
    movement: BIG as unknown as number,
    owed_end: BIG as unknown as number,
  },
};

export const CLOSINGS = { day, quiet, huge };
