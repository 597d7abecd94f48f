/**
 * The printed day closing (Z report), as sections of « label … amount » rows: what both the ESC/POS
 * bytes (closing-escpos.ts) and the print dialog's HTML (the POS's ClosingReceipt) print, so the two
 * papers cannot differ. French whatever the interface language, like the ticket (labels.ts).
 *
 * The wallet section walks the ledger: owed at the start of the day + the day's sales balance (sales −
 * commission − payouts) + the back office's moves = owed at the end (contracts/closing.ts); positive,
 * the agent owes the company; negative, « défisi ».
 */
import type { AgentClosing } from '../contracts/closing';
import type { Figures } from '../contracts/reports';
import { amountSign, signedText } from '../money/balance';
import { receiptAmount } from './escpos-doc';
import { receiptDateTime, receiptDay } from './model';

export interface ClosingPaperRow {
  label: string;
  value: string;
  strong?: boolean;
}
export interface ClosingPaperSection {
  title: string;
  rows: ClosingPaperRow[];
}
export interface ClosingPaper {
  title: string;
  company: string;
  /** Day, time produced, agent, sub-branch. */
  head: string[];
  sections: ClosingPaperSection[];
  /** Shown when the day has no figure (no draw row). */
  empty: string | null;
  footer: string[];
}

export const CLOSING_LABELS = {
  title: 'CLÔTURE DE LA JOURNÉE',
  day: (d: string) => `Journée du ${d}`,
  produced: (when: string) => `Éditée le ${when}`,
  agent: (name: string, username: string) => `Vendeur : ${name} (${username})`,
  branch: (name: string) => `Succursale : ${name}`,
  total: 'TOTAL DES TIRAGES',
  tickets: 'Fiches',
  distinct: 'Fiches distinctes',
  sales: 'Ventes',
  cancelled: (n: number) => `Annulées (${n})`,
  commission: 'Commission',
  wins: 'Gains des fiches',
  payouts: (n: number) => `Paiements (${n})`,
  balance: 'Solde',
  wallet: (currency: string) => `PORTEFEUILLE (${currency})`,
  owedStart: 'Dû avant la journée',
  dayBalance: 'Solde de la journée',
  deposits: 'Dépôts',
  withdrawals: 'Retraits',
  adjustments: 'Ajustements',
  zero: 'Transactions zéro',
  collections: 'Collectes',
  owedEnd: (amount: number | string) => (amountSign(amount) < 0 ? 'Défisi en fin de journée' : 'Dû en fin de journée'),
  empty: 'Aucune vente ni aucun paiement ce jour.',
  sign: 'Signature du vendeur :',
  check: 'Signature du contrôle :',
} as const;

const L = CLOSING_LABELS;
const signed = (v: number) => signedText(v, (abs) => receiptAmount(abs));

function figureRows(f: Figures, strongBalance: boolean): ClosingPaperRow[] {
  const rows: ClosingPaperRow[] = [
    { label: L.tickets, value: String(f.tickets) },
    { label: L.sales, value: receiptAmount(f.sales) },
  ];
  if (f.cancelled) rows.push({ label: L.cancelled(f.cancelled), value: receiptAmount(f.cancelled_amount) });
  rows.push({ label: L.commission, value: receiptAmount(f.commission) });
  if (f.paid || amountSign(f.payouts)) rows.push({ label: L.payouts(f.paid), value: receiptAmount(f.payouts) });
  rows.push({ label: L.balance, value: receiptAmount(f.balance), strong: strongBalance });
  return rows;
}

export function closingPaper(c: AgentClosing): ClosingPaper {
  const sections: ClosingPaperSection[] = c.draws.map((d) => ({
    title: d.tirage_name.toUpperCase(),
    rows: figureRows(d, false),
  }));
  if (c.draws.length) {
    const rows = figureRows(c.totals, true);
    // A ticket on two draws counts in each draw: say how many tickets were sold.
    if (c.day.tickets !== c.totals.tickets) rows.splice(1, 0, { label: L.distinct, value: String(c.day.tickets) });
    if (amountSign(c.day.wins)) rows.splice(rows.length - 1, 0, { label: L.wins, value: receiptAmount(c.day.wins) });
    sections.push({ title: L.total, rows });
  }
  const w = c.wallet;
  const walletRows: ClosingPaperRow[] = [
    { label: L.owedStart, value: receiptAmount(w.owed_start) },
    { label: L.dayBalance, value: signed(c.day.balance) },
  ];
  for (const [label, value, always] of [
    [L.deposits, w.deposits, true],
    [L.withdrawals, w.withdrawals, true],
    [L.adjustments, w.adjustments, false],
    [L.zero, w.zero, false],
    [L.collections, w.collections, false],
  ] as const)
    if (always || amountSign(value)) walletRows.push({ label, value: signed(value) });
  walletRows.push({ label: L.owedEnd(w.owed_end), value: receiptAmount(w.owed_end), strong: true });
  sections.push({ title: L.wallet(c.company.currency), rows: walletRows });

  const head = [
    L.day(receiptDay(c.date)),
    L.produced(receiptDateTime(c.produced_at, c.company.timezone)),
    L.agent(c.agent.name, c.agent.username),
  ];
  if (c.agent.surcussale_name) head.push(L.branch(c.agent.surcussale_name));
  return {
    title: L.title,
    company: c.company.name,
    head,
    sections,
    empty: c.draws.length ? null : L.empty,
    footer: [L.sign, L.check],
  };
}
