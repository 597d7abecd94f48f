import type { CeilingBreach } from '@borlette/shared/game/potential-payout';
import { frenchAmount } from '@borlette/shared/game/potential-payout';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format';

/** The message of a ticket bound passed (null: none), in the interface's language. */
export function useBreachMessage(breach: CeilingBreach | null, currency: string): string | null {
  const { t, i18n } = useTranslation('pos');
  if (!breach) return null;
  const money = (v: number | bigint) =>
    // A potential payout may pass 2^53: written exactly rather than through a float.
    typeof v === 'bigint' && v > BigInt(Number.MAX_SAFE_INTEGER)
      ? `${frenchAmount(v)} ${currency}`
      : formatMoney(Number(v), currency, i18n.language);
  switch (breach.kind) {
    case 'lines':
      return t('sell.overLines', { max: breach.max });
    case 'draws':
      return t('sell.overDraws', { max: breach.max });
    case 'stake':
      return t('sell.overStake', { line: breach.line + 1, max: money(breach.max) });
    case 'payout':
      return t('sell.overPayout', { payout: money(breach.payout), max: money(breach.max) });
  }
}
