import type { WalletKind } from '@borlette/shared/contracts/wallet';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ToneChip, useCompanyDisplay } from '../../fiches/components/fiche-bits';
import { amountTone, balanceLook, formatSigned, KIND_TONE } from '../lib/wallet-kinds';

/** Vente, Dépôt, Transaction zéro… as a coloured chip. */
export function KindChip({ kind }: { kind: WalletKind }) {
  const { t } = useTranslation('wallet');
  return <ToneChip tone={KIND_TONE[kind]} label={t(`kinds.${kind}`)} />;
}

/**
 * An entry's amount with its sign: red when the agent owes more, green when it owes less; the sense
 * is also said to screen readers (colour is not enough).
 */
export function SignedAmount({ amount, strong = false }: { amount: number; strong?: boolean }) {
  const { t } = useTranslation('wallet');
  const d = useCompanyDisplay();
  const tone = amountTone(amount);
  return (
    <Box
      component="span"
      title={tone ? t(amount > 0 ? 'sign.more' : 'sign.less') : undefined}
      sx={{
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
        fontWeight: strong ? 700 : 600,
        color: tone ? `${tone}.main` : 'text.disabled',
      }}
    >
      {formatSigned(amount, d)}
      {tone ? (
        <Box component="span" sx={visuallyHidden}>{` (${t(amount > 0 ? 'sign.more' : 'sign.less')})`}</Box>
      ) : null}
    </Box>
  );
}

/** « Doit » / « Défisi » / « À jour » beside a balance. */
export function BalanceChip({ balance }: { balance: number }) {
  const { t } = useTranslation('wallet');
  const look = balanceLook(balance);
  return <ToneChip tone={look.tone} label={t(`balance.${look.state}`)} />;
}

export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
