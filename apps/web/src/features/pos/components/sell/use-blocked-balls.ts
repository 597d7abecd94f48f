import { useTranslation } from 'react-i18next';
import type { PosConfigAnswer } from '../../api/pos-api';
import { type BlockedHit, blockedHits, blockedLines, typedNumber } from '../../lib/blocked';
import type { DraftLine } from '../../lib/ticket';

/**
 * Blocked balls said as they are typed (issue 16): the message of each draft line holding one (by
 * line id) and of the number in the input now (null: none). Worded as the sale's refusal.
 */
export function useBlockedBalls(
  lines: readonly DraftLine[],
  tirages: readonly number[],
  config: Pick<PosConfigAnswer, 'tirages' | 'blocked_balls'>,
  typing: string,
) {
  const { t } = useTranslation('pos');
  const blocks = config.blocked_balls ?? [];
  const names = new Map(config.tirages.map((d) => [d.id, d.name]));
  const say = (hit: BlockedHit, line?: number) => {
    const draws = hit.tirageIds.map((id) => names.get(id) ?? `#${id}`).join(', ');
    const all = draws === '';
    if (line === undefined)
      return t(all ? 'sell.blockedTypingAll' : 'sell.blockedTyping', { number: hit.number, draws });
    return t(all ? 'sell.blockedBallAll' : 'sell.blockedBall', { line, number: hit.number, draws });
  };
  const byLine = new Map<number, string>();
  for (const [id, hits] of blockedLines(lines, tirages, blocks)) {
    const line = lines.findIndex((l) => l.id === id) + 1;
    byLine.set(id, hits.map((h) => say(h, line)).join(' '));
  }
  const typed = blocks.length > 0 ? typedNumber(typing) : null;
  const hits = typed ? blockedHits(typed, tirages, blocks) : [];
  return { byLine, typing: hits.length > 0 ? hits.map((h) => say(h)).join(' ') : null };
}
