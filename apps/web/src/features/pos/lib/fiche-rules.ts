/**
 * What the POS may offer on a ticket: cancel (own ticket, within the window), pay (winning, every
 * draw settled, not blocked, not expired, not paid). The server has the last word; these rules only
 * decide which buttons to show and which reason to give before asking it.
 */
import type { FicheStatus, FicheView } from '@borlette/shared/contracts/fiches';
import { isValidFicheNumber } from '@borlette/shared/game/money';

/** Until when a ticket may be cancelled: its `cancel_until`, else sold_at + the company's window. */
export function cancelDeadline(
  fiche: { sold_at: string; cancel_until?: string | null },
  windowMinutes: number,
): number {
  const until = fiche.cancel_until ? Date.parse(fiche.cancel_until) : Number.NaN;
  if (Number.isFinite(until)) return until;
  return Date.parse(fiche.sold_at) + windowMinutes * 60_000;
}

/** The agent may ask to cancel: allowed to, ticket still pending, before the deadline (server clock). */
export function canCancel(
  fiche: { status: FicheStatus; sold_at: string; cancel_until?: string | null },
  options: { allowed: boolean; windowMinutes: number; serverNow: number },
): boolean {
  if (!options.allowed || fiche.status !== 'en_attente') return false;
  return options.serverNow < cancelDeadline(fiche, options.windowMinutes);
}

export type PayRefusal = 'paid' | 'cancelled' | 'deleted' | 'pending' | 'lost' | 'blocked' | 'expired';

/** null when the POS may offer « Payer »; else why not. `today` is the company's date (YYYY-MM-DD). */
export function payRefusal(
  fiche: Pick<FicheView, 'status' | 'blocked' | 'expires_on' | 'win_amount'>,
  today: string,
): PayRefusal | null {
  switch (fiche.status) {
    case 'paye':
      return 'paid';
    case 'annule':
      return 'cancelled';
    case 'supprime':
      return 'deleted';
    case 'en_attente':
      return 'pending';
    case 'perdant':
      return 'lost';
    default:
      break;
  }
  if (fiche.win_amount <= 0) return 'lost';
  if (fiche.blocked) return 'blocked';
  if (fiche.expires_on && today > fiche.expires_on) return 'expired';
  return null;
}

/** Server error codes of a refused payment that name a reason the POS knows (for its own wording). */
export function payRefusalFromCode(code: string): PayRefusal | null {
  const c = code.toUpperCase();
  if (c.includes('ALREADY_PAID') || c === 'PAID') return 'paid';
  if (c.includes('BLOCKED')) return 'blocked';
  if (c.includes('EXPIRED')) return 'expired';
  if (c.includes('PENDING')) return 'pending';
  if (c.includes('NOT_WINNING') || c.includes('LOST') || c.includes('NO_WIN')) return 'lost';
  if (c.includes('CANCELLED')) return 'cancelled';
  if (c.includes('DELETED')) return 'deleted';
  return null;
}

/** The agent's day: positive = owes the company (« à remettre »), negative = « défisi ». */
export function balanceKind(balance: number): 'owes' | 'deficit' | 'even' {
  return balance > 0 ? 'owes' : balance < 0 ? 'deficit' : 'even';
}

export type TicketInput =
  | { kind: 'empty' }
  | { kind: 'number'; number: number }
  /** Digits whose last one is not the check digit: a typing mistake. */
  | { kind: 'badCheckDigit' }
  /** The QR of a receipt (its public link, or the bare secret): the secret proves the receipt is held. */
  | { kind: 'ref'; refCode: string }
  | { kind: 'invalid' };

/** The shape of a receipt's secret (ref_code: 16 random bytes in base64url; the server's rule). */
const REF = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * What was typed or scanned in « Payer »: a ticket number (spaces and dashes ignored; the Code 128 of
 * the receipt holds it alone), a receipt's link `…/fiche-view/<ref>` (its QR code) or a bare ref.
 */
export function readTicketInput(raw: string): TicketInput {
  const text = raw.trim();
  if (!text) return { kind: 'empty' };
  const link = /\/fiche-view\/([^/?#\s]+)/.exec(text);
  if (link) {
    let ref: string;
    try {
      ref = decodeURIComponent(link[1]!);
    } catch {
      return { kind: 'invalid' };
    }
    return REF.test(ref) ? { kind: 'ref', refCode: ref } : { kind: 'invalid' };
  }
  const digits = text.replace(/[\s-]/g, '');
  // Digits (with spaces or dashes) are a number; a secret always holds a letter or `_` in practice.
  if (!/^\d+$/.test(digits) && REF.test(text)) return { kind: 'ref', refCode: text };
  if (!/^\d{2,16}$/.test(digits)) return { kind: 'invalid' };
  const number = Number(digits);
  if (!Number.isSafeInteger(number)) return { kind: 'invalid' };
  return isValidFicheNumber(number) ? { kind: 'number', number } : { kind: 'badCheckDigit' };
}

/** Whose ticket the agent is about to pay: its own, another agent's of its sub-branch, or another sub-branch's. */
export type PayOwner = 'own' | 'otherAgent' | 'otherBranch';

/**
 * Compared with the signed-in agent (issue 16: paying someone else's ticket is said before confirming).
 * The sub-branch is the ticket's at its sale and the agent's now, by name (unique in a company).
 */
export function payOwner(
  fiche: Pick<FicheView, 'agent_id' | 'surcussale_name'>,
  me: { id: number; surcussale_name: string | null },
): PayOwner {
  if (fiche.agent_id === me.id) return 'own';
  return (fiche.surcussale_name ?? null) === (me.surcussale_name ?? null) ? 'otherAgent' : 'otherBranch';
}

/**
 * The company forbids its agents to pay another sub-branch's tickets (setting agents_pay_other_branches):
 * the POS says so and does not let « Payer » go (the server refuses it with 403 on its own anyway).
 * Another agent of the same sub-branch stays payable.
 */
export function payForbidden(owner: PayOwner, otherBranchesAllowed: boolean): boolean {
  return owner === 'otherBranch' && !otherBranchesAllowed;
}
