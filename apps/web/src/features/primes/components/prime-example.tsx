import type { PrimeField } from '@borlette/shared/contracts/primes';
import CalculateOutlinedIcon from '@mui/icons-material/CalculateOutlined';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { parseAmount } from '../../../lib/money';
import { workedExample } from '../example';

/**
 * « 10 HTG sur le bolet 23 au 1er lot paie 500 HTG »: what a stake pays on each game with the primes
 * on screen (updated as they are typed). The stake can be changed.
 */
export function PrimeExample({
  primes,
  cumulative,
  freeMariage,
  currency,
}: {
  primes: Partial<Record<PrimeField, number | null>>;
  /** null: the rule is not known here (then the two-lots line is left out). */
  cumulative: boolean | null;
  freeMariage: number | null;
  currency: string;
}) {
  const { t, i18n } = useTranslation('primes');
  const [stakeText, setStakeText] = useState('10');
  const stake = parseAmount(stakeText) ?? 0;
  const money = (c: number) => formatMoney(c, currency, i18n.language);
  const lines = workedExample(stake, primes, { cumulative, freeMariage }).filter(
    (l) => !(l.key === 'boletTwoLots' && cumulative === null) && !(l.key === 'free' && freeMariage === null),
  );
  const first = lines[0];

  return (
    <Box
      component="section"
      aria-labelledby="prime-example-title"
      sx={{ p: 2, borderRadius: 1.5, bgcolor: 'background.neutral', display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <CalculateOutlinedIcon sx={{ color: 'primary.main' }} />
        <Typography id="prime-example-title" variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {t('example.title')}
        </Typography>
        <TextField
          size="small"
          label={t('example.stake')}
          value={stakeText}
          onChange={(e) => setStakeText(e.target.value)}
          sx={{ width: 150 }}
          slotProps={{
            htmlInput: { inputMode: 'decimal', maxLength: 12, autoComplete: 'off' },
            input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
          }}
        />
      </Box>
      {first?.pays !== null && first ? (
        <Typography variant="body1" sx={{ fontWeight: 600 }} aria-live="polite">
          {t('example.headline', { stake: money(stake), pays: money(first.pays) })}
        </Typography>
      ) : null}
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.75 }}>
        {lines.map((l) => (
          <Box key={l.key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {t(
                l.key === 'boletTwoLots' ? `example.boletTwoLots_${cumulative ? 'each' : 'best'}` : `example.${l.key}`,
                {
                  stake: money(stake),
                },
              )}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{
                m: 0,
                textAlign: 'right',
                fontWeight: 600,
                whiteSpace: 'nowrap',
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {l.pays === null ? '—' : money(l.pays)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
