import type { CardRole } from './types';

/** What `cardSlots` needs of a column (the reports' figure tables pass theirs too). */
export interface CardColumn {
  id: string;
  align?: 'left' | 'right' | 'center';
  card?: CardRole;
}

/**
 * The role of a column on a phone's card when its definition names none: the first column is what the
 * row is (its title), a status column its chip, a right-aligned column (amounts, counts) a figure, and
 * the rest labelled fields — so a list reads well as cards without any page saying more.
 */
export function cardRole(column: CardColumn, index: number): CardRole {
  if (column.card) return column.card;
  if (index === 0) return 'title';
  if (column.id === 'status' || column.id === 'state') return 'status';
  if (column.align === 'right') return 'amount';
  return 'field';
}

export interface CardSlots<C> {
  /** One title (the first column given that role); a second one becomes a field. */
  title: C | null;
  subtitles: C[];
  statuses: C[];
  amounts: C[];
  fields: C[];
  wide: C[];
}

/** The columns placed on a card, in their order within each slot. */
export function cardSlots<C extends CardColumn>(columns: C[]): CardSlots<C> {
  const slots: CardSlots<C> = { title: null, subtitles: [], statuses: [], amounts: [], fields: [], wide: [] };
  columns.forEach((column, index) => {
    const role = cardRole(column, index);
    if (role === 'title' && !slots.title) slots.title = column;
    else if (role === 'title' || role === 'field') slots.fields.push(column);
    else if (role === 'subtitle') slots.subtitles.push(column);
    else if (role === 'status') slots.statuses.push(column);
    else if (role === 'amount') slots.amounts.push(column);
    else if (role === 'wide') slots.wide.push(column);
  });
  return slots;
}

/** The sort choices of a card list (no column heads to click): each sortable column, by its label. */
export function sortChoices<C extends { sortKey?: string; header: string; cardLabel?: string }>(
  columns: C[],
): { sortKey: string; label: string }[] {
  return columns.flatMap((c) => (c.sortKey ? [{ sortKey: c.sortKey, label: c.cardLabel ?? c.header }] : []));
}
