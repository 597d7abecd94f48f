import { describe, expect, it } from 'vitest';
import {
  balanceKind,
  canCancel,
  cancelDeadline,
  payForbidden,
  payOwner,
  payRefusal,
  payRefusalFromCode,
  readTicketInput,
} from './fiche-rules';

const sold = '2026-03-14T15:00:00Z';
const t0 = Date.parse(sold);

describe('cancelling a ticket at the POS', () => {
  it('uses cancel_until, else the company window', () => {
    expect(cancelDeadline({ sold_at: sold, cancel_until: '2026-03-14T15:10:00Z' }, 5)).toBe(t0 + 600_000);
    expect(cancelDeadline({ sold_at: sold }, 5)).toBe(t0 + 300_000);
  });

  it('is offered only to an allowed agent, on a pending ticket, before the deadline', () => {
    const f = { status: 'en_attente' as const, sold_at: sold, cancel_until: '2026-03-14T15:10:00Z' };
    const opts = { allowed: true, windowMinutes: 10, serverNow: t0 + 60_000 };
    expect(canCancel(f, opts)).toBe(true);
    expect(canCancel(f, { ...opts, allowed: false })).toBe(false);
    expect(canCancel(f, { ...opts, serverNow: t0 + 600_000 })).toBe(false);
    expect(canCancel({ ...f, status: 'annule' }, opts)).toBe(false);
  });
});

describe('paying a ticket at the POS', () => {
  const win = { status: 'gagnant' as const, blocked: false, expires_on: '2026-06-12', win_amount: 50000 };
  it('is offered on a winning ticket only', () => {
    expect(payRefusal(win, '2026-03-15')).toBeNull();
    expect(payRefusal({ ...win, status: 'paye' }, '2026-03-15')).toBe('paid');
    expect(payRefusal({ ...win, status: 'perdant' }, '2026-03-15')).toBe('lost');
    expect(payRefusal({ ...win, status: 'en_attente' }, '2026-03-15')).toBe('pending');
    expect(payRefusal({ ...win, status: 'annule' }, '2026-03-15')).toBe('cancelled');
    expect(payRefusal({ ...win, status: 'supprime' }, '2026-03-15')).toBe('deleted');
    expect(payRefusal({ ...win, blocked: true }, '2026-03-15')).toBe('blocked');
    expect(payRefusal(win, '2026-06-12')).toBeNull();
    expect(payRefusal(win, '2026-06-13')).toBe('expired');
    expect(payRefusal({ ...win, win_amount: 0 }, '2026-03-15')).toBe('lost');
  });

  it('recognises the reasons of a refusal by code', () => {
    expect(payRefusalFromCode('ALREADY_PAID')).toBe('paid');
    expect(payRefusalFromCode('FICHE_BLOCKED')).toBe('blocked');
    expect(payRefusalFromCode('PAYOUT_EXPIRED')).toBe('expired');
    expect(payRefusalFromCode('DRAWS_PENDING')).toBe('pending');
    expect(payRefusalFromCode('NOT_WINNING')).toBe('lost');
    expect(payRefusalFromCode('HTTP_500')).toBeNull();
  });
});

describe('what is typed or scanned in « Payer »', () => {
  it('accepts a number with its check digit, ignoring spaces and dashes', () => {
    expect(readTicketInput('')).toEqual({ kind: 'empty' });
    expect(readTicketInput(' 18 ')).toEqual({ kind: 'number', number: 18 }); // 1 -> Luhn 8
    expect(readTicketInput('1-8')).toEqual({ kind: 'number', number: 18 });
    expect(readTicketInput('19')).toEqual({ kind: 'badCheckDigit' });
    expect(readTicketInput('12a')).toEqual({ kind: 'invalid' });
    expect(readTicketInput('1')).toEqual({ kind: 'invalid' });
  });

  it('recognises the public link of a receipt, and its bare secret', () => {
    const ref = 'q3Zr_9xK-2mPvT8wYb1LcA';
    expect(readTicketInput(`https://pos.example/fiche-view/${ref}?x=1`)).toEqual({ kind: 'ref', refCode: ref });
    expect(readTicketInput(`http://10.0.0.2:3000/fiche-view/${ref}`)).toEqual({ kind: 'ref', refCode: ref });
    expect(readTicketInput(` ${ref} `)).toEqual({ kind: 'ref', refCode: ref });
    // A link whose secret cannot be one (too short, bad escape) is refused before asking the server.
    expect(readTicketInput('https://pos.example/fiche-view/abc')).toEqual({ kind: 'invalid' });
    expect(readTicketInput('https://pos.example/fiche-view/%E0%A4%A')).toEqual({ kind: 'invalid' });
    // Long digits stay a number (with its check digit), never a secret.
    expect(readTicketInput('1234 5678 9012 3456').kind).not.toBe('ref');
    expect(readTicketInput('https://example.com/').kind).toBe('invalid');
  });

  it('names the balance of the day', () => {
    expect(balanceKind(100)).toBe('owes');
    expect(balanceKind(-1)).toBe('deficit');
    expect(balanceKind(0)).toBe('even');
  });
});

describe('payOwner', () => {
  const me = { id: 7, surcussale_name: 'Nord' };
  it('tells the agent’s own ticket, another agent’s of its sub-branch, another sub-branch’s', () => {
    expect(payOwner({ agent_id: 7, surcussale_name: 'Nord' }, me)).toBe('own');
    expect(payOwner({ agent_id: 8, surcussale_name: 'Nord' }, me)).toBe('otherAgent');
    expect(payOwner({ agent_id: 8, surcussale_name: 'Sud' }, me)).toBe('otherBranch');
    expect(payOwner({ agent_id: 8, surcussale_name: null }, me)).toBe('otherBranch');
    expect(payOwner({ agent_id: 8, surcussale_name: null }, { id: 7, surcussale_name: null })).toBe('otherAgent');
  });
});

describe('payForbidden', () => {
  it('forbids another sub-branch’s ticket only when the company does not allow it', () => {
    expect(payForbidden('otherBranch', false)).toBe(true);
    expect(payForbidden('otherBranch', true)).toBe(false);
    expect(payForbidden('otherAgent', false)).toBe(false);
    expect(payForbidden('own', false)).toBe(false);
  });
});
