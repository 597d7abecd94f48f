import type { FicheLine } from '@borlette/shared/contracts/fiches';
import { describe, expect, it } from 'vitest';
import {
  availableActions,
  betLabel,
  eventAmount,
  eventReason,
  eventTone,
  isExpired,
  lastActor,
  linesOfDraw,
  lineTotals,
  publicPath,
  statusTone,
} from './fiche-status';

const all = { canWrite: true, delete: true, reactivate: true, block: true };

describe('ticket status helpers', () => {
  it('gives every status and event a colour, grey when unknown', () => {
    expect(statusTone('gagnant')).toBe('success');
    expect(statusTone('supprime')).toBe('error');
    expect(statusTone('???')).toBe('grey');
    expect(eventTone('sell')).toBe('success');
    expect(eventTone('payment_reversed')).toBe('warning');
    expect(eventTone('something_new')).toBe('grey');
  });

  it('offers the actions the ticket’s state allows', () => {
    expect(availableActions({ status: 'en_attente', blocked: false }, all)).toEqual(['block', 'delete']);
    expect(availableActions({ status: 'gagnant', blocked: true }, all)).toEqual(['unblock']);
    expect(availableActions({ status: 'perdant', blocked: false }, all)).toEqual([]);
    expect(availableActions({ status: 'paye', blocked: false }, all)).toEqual([]);
    expect(availableActions({ status: 'supprime', blocked: false }, all)).toEqual(['reactivate']);
    expect(availableActions({ status: 'annule', blocked: true }, all)).toEqual(['unblock', 'reactivate']);
    // One of its draws has its result: too late to delete.
    const draws = [{ result: null }, { result: { lot1: '23' } }];
    expect(availableActions({ status: 'en_attente', blocked: false, draws }, all)).toEqual(['block']);
    expect(availableActions({ status: 'supprime', blocked: false, draws }, all)).toEqual([]);
    expect(availableActions({ status: 'en_attente', blocked: false, draws: [{ result: null }] }, all)).toEqual([
      'block',
      'delete',
    ]);
  });

  it('follows the codenames and gives nothing to the superuser reading every company', () => {
    expect(availableActions({ status: 'en_attente', blocked: false }, { ...all, delete: false })).toEqual(['block']);
    expect(availableActions({ status: 'supprime', blocked: false }, { ...all, reactivate: false })).toEqual([]);
    expect(availableActions({ status: 'en_attente', blocked: false }, { ...all, canWrite: false })).toEqual([]);
  });

  it('labels bets and groups the lines of a draw in ticket order', () => {
    expect(betLabel(20)).toBe('Bolet');
    expect(betLabel(41)).toBe('Loto 4 option 1');
    expect(betLabel(44)).toBe('Mariage gratuit');
    expect(betLabel(99)).toBe('#99');
    const line = (tirage_id: number, position: number, free = false): FicheLine => ({
      tirage_id,
      position,
      code: free ? 44 : 20,
      number: free ? '12*34' : '23',
      stake: free ? 0 : 500,
      free,
      win_amount: position === 1 ? 25_000 : 0,
    });
    const lines = [line(2, 2), line(1, 3, true), line(1, 2), line(1, 1)];
    expect(linesOfDraw(lines, 1).map((l) => l.position)).toEqual([1, 2, 3]);
    expect(lineTotals(linesOfDraw(lines, 1))).toEqual({ stake: 1000, win: 25_000, free: 1 });
  });

  it('builds the public link and reads event details', () => {
    expect(publicPath('aB_-9')).toBe('/fiche-view/aB_-9');
    expect(publicPath('a/b')).toBe('/fiche-view/a%2Fb');
    expect(isExpired({ expires_on: '2025-03-09' }, '2025-03-10')).toBe(true);
    expect(isExpired({ expires_on: '2025-03-10' }, '2025-03-10')).toBe(false);
    expect(eventReason({ reason: '  erreur de saisie ' })).toBe('erreur de saisie');
    expect(eventReason({ reason: 3 })).toBeNull();
    expect(eventReason(null)).toBeNull();
    expect(eventAmount({ amount: 1500 })).toBe(1500);
    expect(eventAmount({ paid_amount: 900, amount: 1 })).toBe(900);
    expect(eventAmount({ number: 12 })).toBeNull();
    const events = [
      { action: 'pay', actor_name: 'Ana' },
      { action: 'payment_reversed', actor_name: null },
      { action: 'pay', actor_name: 'Jean' },
    ];
    expect(lastActor(events, 'pay')).toBe('Jean');
    expect(lastActor(events, 'delete')).toBeNull();
  });
});
