import { type Amount, type BalanceTone, balanceState, balanceTone, signedText } from '@borlette/shared/money/balance';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { TypographyProps } from '@mui/material/Typography';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatMoney } from '../lib/format';
import { toneColors } from '../lib/tone';
import { visuallyHidden } from './visually-hidden';

/**
 * The one way a balance (or a ledger entry) reads on every money screen: the reports, the agent
 * control, the wallet, the transactions, the POS report and the home card. The rule (sign -> state,
 * tone) is packages/shared/src/money/balance.ts; this file only draws it, so « −7 676,10 Défisi » in
 * red is the same text and colour wherever that figure appears.
 */

/**
 * « +7 676,10 HTG », « −7 676,10 HTG », « 0,00 HTG », « +90,00 € » (the money format of the language,
 * as formatMoney writes it); without a currency, the amount alone (a table whose header names it).
 */
export function balanceText(value: Amount, language: string, currency?: string): string {
  return signedText(value, (abs) => (currency ? formatMoney(abs, currency, language) : formatDecimal(abs, language)));
}

/** The theme colour of a tone, for a figure's text. */
export const toneColor = (tone: BalanceTone) => (tone === 'neutral' ? 'text.secondary' : `${tone}.main`);

/** Text, colour and state label of a balance, for the places that draw their own card (summary cards, KPI). */
export function useBalanceLook() {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'fr';
  return (value: Amount, currency?: string) => {
    const state = balanceState(value);
    return {
      state,
      text: balanceText(value, language, currency),
      color: toneColor(balanceTone(value)),
      label: t(`balance.${state}`),
    };
  };
}

export interface BalanceFigureProps {
  value: Amount;
  currency?: string;
  /**
   * balance: a balance, with its state label (Doit / Défisi / À jour);
   * entry: a ledger entry (its sign says whether the agent owes more or less; no state label).
   */
  kind?: 'balance' | 'entry';
  /** Where the state label goes: a chip beside the amount, a caption under it, or nowhere. */
  label?: 'chip' | 'caption' | 'none';
  variant?: TypographyProps['variant'];
  strong?: boolean;
}

/**
 * A signed amount in the balance's colour with its state label. `data-balance-state` (owes, deficit,
 * settled) lets the browser tests compare the same figure on every screen.
 */
export function BalanceFigure({
  value,
  currency,
  kind = 'balance',
  label = 'chip',
  variant = 'body2',
  strong = true,
}: BalanceFigureProps) {
  const { t } = useTranslation('common');
  const look = useBalanceLook()(value, currency);
  const tone = balanceTone(value);
  const showLabel = kind === 'balance' && label !== 'none';
  // Colour is never the only cue: an entry says its sense to screen readers, a balance its label.
  const sense = look.state === 'settled' ? null : t(look.state === 'owes' ? 'balance.more' : 'balance.less');
  return (
    <Box
      component="span"
      data-balance-state={look.state}
      title={kind === 'entry' ? (sense ?? undefined) : look.label}
      sx={{
        display: 'inline-flex',
        flexDirection: label === 'caption' ? 'column' : 'row',
        alignItems: label === 'caption' ? 'flex-end' : 'center',
        flexWrap: 'wrap',
        columnGap: 1,
        rowGap: label === 'caption' ? 0 : 0.5,
        verticalAlign: 'middle',
      }}
    >
      <Typography
        component="span"
        variant={variant}
        data-balance-amount
        sx={{
          whiteSpace: 'nowrap',
          fontVariantNumeric: 'tabular-nums',
          fontWeight: strong ? 700 : 600,
          color: look.color,
        }}
      >
        {look.text}
        {kind === 'entry' && sense ? <Box component="span" sx={visuallyHidden}>{` (${sense})`}</Box> : null}
      </Typography>
      {showLabel && label === 'chip' ? (
        <Box
          component="span"
          data-balance-label
          sx={(theme) => {
            const c = toneColors(theme, tone === 'neutral' ? 'grey' : tone);
            return {
              px: 0.75,
              py: 0.125,
              borderRadius: 1,
              typography: 'caption',
              fontWeight: 700,
              lineHeight: 1.6,
              whiteSpace: 'nowrap',
              color: c.text,
              bgcolor: alpha(c.main, 0.16),
            };
          }}
        >
          {look.label}
        </Box>
      ) : null}
      {showLabel && label === 'caption' ? (
        <Typography
          component="span"
          variant="caption"
          data-balance-label
          sx={{ color: look.color, fontWeight: 600, lineHeight: 1.2, whiteSpace: 'nowrap' }}
        >
          {look.label}
        </Typography>
      ) : null}
    </Box>
  );
}
