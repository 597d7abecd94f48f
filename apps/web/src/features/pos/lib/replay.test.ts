import type { FicheView } from '@borlette/shared/contracts/fiches';
import { describe, expect, it } from 'vitest';
import { replayDraft } from './replay';

const draw = (tirage_id: number, name: string) =>
  ({
    tirage_id,
    name,
    draw_date: '2026-01-01',
    amount: 0,
    win_amount: 0,
    status: 'en_attente',
    result: null,
    result_late: false,
  }) as const;
const line = (tirage_id: number, position: number, code: number, number: string, stake: number, free = false) => ({
  tirage_id,
  position,
  code,
  number,
  stake,
  free,
  win_amount: 0,
});
const fiche: Pick<FicheView, 'draws' | 'lines'> = {
  draws: [draw(1, 'New York Soir'), draw(2, 'Florida Midi')],
  lines: [
    line(1, 2, 40, '12*34', 500),
    line(1, 1, 20, '23', 1000),
    line(1, 3, 44, '05*06', 0, true),
    line(2, 1, 20, '23', 1000),
    line(2, 2, 40, '12*34', 500),
    line(2, 3, 44, '07*08', 0, true),
  ],
};

describe('replayDraft', () => {
  it('takes the bets once, in order, without the free mariages, on the draws open now', () => {
    const r = replayDraft(fiche, new Set([2, 9]));
    expect(r.draft.lines.map((l) => [l.bet.code, l.bet.number, l.bet.stake])).toEqual([
      [20, '23', 1000],
      [40, '12*34', 500],
    ]);
    expect(r.draft.tirages).toEqual([2]);
    expect(r.closed).toEqual(['New York Soir']);
    expect(r.draft.pending).toBeNull();
  });

  it('chooses no draw when none of the ticket’s is open', () => {
    const r = replayDraft(fiche, new Set());
    expect(r.draft.tirages).toEqual([]);
    expect(r.draft.lines).toHaveLength(2);
  });
});
