import type { AlertEvidence, AlertFiche } from '@borlette/shared/contracts/alerts';

/**
 * The evidence of an alert as the page shows it: each figure with how to read it, and each ticket's
 * link to the list that holds it (its drawer opens from the `fiche` parameter). Pure, unit-tested.
 */

export type FigureKind = 'money' | 'time' | 'flag' | 'text';

export interface Figure {
  key: string;
  kind: FigureKind;
  value: string | number | boolean;
}

const TIME_KEYS = new Set(['sold_at', 'draw_at', 'closes_at', 'status_at', 'paid_at', 'at']);
/** Internal ids the page names otherwise (the ticket links, the agent column). */
const HIDDEN = new Set(['seller_id']);

/** The figures worth a line, in the order the detector wrote them; amounts are centimes as text. */
export function figuresOf(evidence: AlertEvidence): Figure[] {
  return Object.entries(evidence.figures).flatMap(([key, value]): Figure[] => {
    if (value === null || value === '' || HIDDEN.has(key)) return [];
    if (key.endsWith('_amount')) return [{ key, kind: 'money', value: String(value) }];
    if (TIME_KEYS.has(key)) return [{ key, kind: 'time', value: String(value) }];
    if (typeof value === 'boolean') return [{ key, kind: 'flag', value }];
    return [{ key, kind: 'text', value }];
  });
}

/** The ticket list a ticket of an alert lives in: the deleted one for a voided ticket. */
export function ficheLink(f: AlertFiche, lists: { sold: string; deleted: string }): string {
  const list = f.status === 'cancelled' || f.status === 'deleted' ? lists.deleted : lists.sold;
  const q = new URLSearchParams({ start_date: f.sale_date, end_date: f.sale_date, fiche: String(f.id) });
  return `${list}?${q}`;
}
