import type { FicheView } from '@borlette/shared/contracts/fiches';
import type { BetCode } from '@borlette/shared/game/bets';
import { addBets, type Draft, EMPTY_DRAFT } from './ticket';

export interface Replay {
  draft: Draft;
  /** The ticket's draws that do not sell now (not chosen). */
  closed: string[];
}

/**
 * « Rejouer » (issue 18): a new sale with an old ticket's bets — not its free mariages, which the sale
 * draws again — on the same draws when they sell now, otherwise none chosen. A ticket's lines repeat on
 * each of its draws: the first draw's give the bets, in their order.
 */
export function replayDraft(fiche: Pick<FicheView, 'draws' | 'lines'>, openIds: ReadonlySet<number>): Replay {
  const first = fiche.draws[0]?.tirage_id ?? fiche.lines[0]?.tirage_id;
  const bets = fiche.lines
    .filter((l) => !l.free && l.tirage_id === first)
    .sort((a, b) => a.position - b.position)
    .map((l) => ({ code: l.code as BetCode, number: l.number, stake: l.stake }));
  const open = fiche.draws.filter((d) => openIds.has(d.tirage_id));
  return {
    draft: addBets({ ...EMPTY_DRAFT, tirages: open.map((d) => d.tirage_id) }, bets),
    closed: fiche.draws.filter((d) => !openIds.has(d.tirage_id)).map((d) => d.name),
  };
}
