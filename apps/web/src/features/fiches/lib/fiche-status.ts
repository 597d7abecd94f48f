import type { FicheDetail, FicheLine, FicheStatus } from '@borlette/shared/contracts/fiches';
import { BET_TYPES, isBetCode } from '@borlette/shared/game/bets';

/**
 * Pure helpers of the ticket screens: colours of the statuses and events, the actions a ticket
 * offers, bet labels, the lines of each draw. Unit-tested without a DOM.
 */

import type { Tone } from '../../../lib/tone';

export type { Tone } from '../../../lib/tone';

export const STATUS_TONE: Record<FicheStatus, Tone> = {
  en_attente: 'info',
  gagnant: 'success',
  perdant: 'grey',
  paye: 'secondary',
  annule: 'warning',
  supprime: 'error',
};

export const statusTone = (status: string): Tone => STATUS_TONE[status as FicheStatus] ?? 'grey';

/** Events of a ticket (audit actions of entity 'fiche') and their colour; unknown ones are grey. */
export const EVENT_TONE: Record<string, Tone> = {
  sell: 'success',
  reprint: 'grey',
  cancel: 'warning',
  delete: 'error',
  reactivate: 'info',
  block: 'error',
  unblock: 'info',
  pay: 'secondary',
  payment_reversed: 'warning',
  settle: 'info',
};

export const eventTone = (action: string): Tone => EVENT_TONE[action] ?? 'grey';

export type FicheActionKind = 'delete' | 'reactivate' | 'block' | 'unblock';

export interface ActionRights {
  /** The superuser with « Toutes » reads every company but writes none. */
  canWrite: boolean;
  delete: boolean;
  reactivate: boolean;
  block: boolean;
}

/**
 * What the back office may do with this ticket now, by its state and the user's codenames. The
 * server has the last word (too late, limits no longer allow…): its refusal is shown as is.
 * - delete: a ticket none of whose draws has its result yet;
 * - reactivate: only a cancelled or deleted one, none of whose draws has its result;
 * - block: a ticket that can still be paid (waiting or winning, unpaid); unblock: any blocked one.
 */
export function availableActions(
  fiche: { status: FicheStatus; blocked: boolean; draws?: { result: unknown }[] },
  rights: ActionRights,
): FicheActionKind[] {
  if (!rights.canWrite) return [];
  const out: FicheActionKind[] = [];
  const gone = fiche.status === 'annule' || fiche.status === 'supprime';
  if (rights.block) {
    if (fiche.blocked) out.push('unblock');
    else if (fiche.status === 'en_attente' || fiche.status === 'gagnant') out.push('block');
  }
  // A draw with its result is closed: too late to delete (« before results ») or to reactivate.
  const settled = fiche.draws?.some((d) => d.result !== null) ?? false;
  if (rights.reactivate && gone && !settled) out.push('reactivate');
  if (rights.delete && fiche.status === 'en_attente' && !settled) out.push('delete');
  return out;
}

/** « Bolet », « Mariage », « Loto 4 option 1 »… or the code itself when unknown. */
export function betLabel(code: number): string {
  return isBetCode(code) ? BET_TYPES[code].label : `#${code}`;
}

/** The lines played on one draw, in ticket order (bets first, free mariages after). */
export function linesOfDraw(lines: FicheLine[], tirageId: number): FicheLine[] {
  return lines.filter((l) => l.tirage_id === tirageId).sort((a, b) => a.position - b.position);
}

/** Stake of the paid bets and number of free mariages of a set of lines. */
export function lineTotals(lines: FicheLine[]) {
  let stake = 0;
  let win = 0;
  let free = 0;
  for (const l of lines) {
    stake += l.stake;
    win += l.win_amount;
    if (l.free) free += 1;
  }
  return { stake, win, free };
}

/** The public page of a ticket (no session needed): the QR code of the receipt points there. */
export const publicPath = (refCode: string) => `/fiche-view/${encodeURIComponent(refCode)}`;

/** Payment is past its deadline (the last day, company calendar, is `expires_on`). */
export const isExpired = (fiche: Pick<FicheDetail, 'expires_on'>, today: string) => fiche.expires_on < today;

/** A reason recorded with an event (delete, block…), if any. */
export function eventReason(details: Record<string, unknown> | null): string | null {
  const r = details?.reason;
  return typeof r === 'string' && r.trim() ? r.trim() : null;
}

/** An amount recorded with an event (sale, payment, reversal), in centimes, if any. */
export function eventAmount(details: Record<string, unknown> | null): number | null {
  for (const k of ['paid_amount', 'amount']) {
    const v = details?.[k];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return null;
}

/** Who did the last `action` of the history (e.g. who paid it), if recorded. */
export function lastActor(events: { action: string; actor_name: string | null }[], action: string): string | null {
  for (let i = events.length - 1; i >= 0; i--) if (events[i].action === action) return events[i].actor_name;
  return null;
}
