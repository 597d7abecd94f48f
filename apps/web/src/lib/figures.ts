import { signedText } from '@borlette/shared/money/balance';
import { formatAmount, formatCount } from './format';

/**
 * The columns of the reports as data (the screen table, the print sheet and the tests read the same
 * list), the formatting of their cells, and the sign of a balance. Pure functions, unit-tested.
 */

/** text: a label; count: a number of tickets; money: centimes; balance: signed centimes (coloured). */
export type CellKind = 'text' | 'count' | 'money' | 'balance';

export interface FigureColumn<R> {
  id: string;
  /** i18n key (namespace reports) of the header. */
  label: string;
  kind: CellKind;
  value: (row: R) => number | string | null;
  /** A second line under a text cell (an agent's sub-branch…). */
  caption?: (row: R) => string | null;
  hideOnPhone?: boolean;
}

export interface NumberFormat {
  language: string;
  currency: string;
}

/** 123450 -> « 1 234,50 »: the money format of the language without the currency (named in the header). */
export const formatPlain = (centimes: number, { language, currency }: NumberFormat): string =>
  formatAmount(centimes, language, currency);

/** A cell as text: '—' for nothing, counts and amounts in the language's format. */
export function formatCell(kind: CellKind, value: number | string | null | undefined, fmt: NumberFormat): string {
  if (value === null || value === undefined || value === '') return '—';
  if (kind === 'text' || typeof value === 'string') return String(value);
  if (kind === 'count') return formatCount(value, fmt.language);
  // A balance carries its sign everywhere (« +850,00 », « −20,00 »): the shared convention.
  if (kind === 'balance') return signedText(value, (abs) => formatPlain(Number(abs), fmt));
  return formatPlain(value, fmt);
}

/** A balance's state and colour: the one rule of packages/shared (money/balance.ts). */
export { type BalanceState, balanceState, balanceTone } from '@borlette/shared/money/balance';
