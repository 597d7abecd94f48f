import type { WalletKind } from '@borlette/shared/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { BalanceFigure } from '../../../components/balance-figure';
import { ToneChip } from '../../../components/tone-chip';
import { KIND_TONE } from '../lib/wallet-kinds';

/** Vente, Dépôt, Transaction zéro… as a coloured chip. */
export function KindChip({ kind }: { kind: WalletKind }) {
  const { t } = useTranslation('wallet');
  return <ToneChip tone={KIND_TONE[kind]} label={t(`kinds.${kind}`)} />;
}

/**
 * An entry's amount with its sign: + when the agent owes more, − when it owes less, in the colour of
 * a balance of that sign (components/balance-figure); the sense is said to screen readers.
 */
export function SignedAmount({
  amount,
  currency,
  strong = false,
}: {
  amount: number;
  currency?: string;
  strong?: boolean;
}) {
  return <BalanceFigure value={amount} kind="entry" currency={currency} strong={strong} />;
}
