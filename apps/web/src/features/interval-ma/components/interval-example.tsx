import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { parseAmount } from '../../../lib/money';
import { useActiveIntervals } from '../api/interval-ma';
import { freeMariages } from '../interval';

/**
 * What the intervals do, and a worked example: type a ticket amount per draw, see how many free
 * mariages it gets with the active intervals.
 */
export function IntervalExample({ currency }: { currency: string }) {
  const { t, i18n } = useTranslation('limits');
  const intervals = useActiveIntervals();
  const [amount, setAmount] = useState('150');
  const centimes = parseAmount(amount);
  const count = centimes !== null && intervals.data ? freeMariages(intervals.data, centimes) : null;

  return (
    <Card sx={{ p: { xs: 2.5, md: 3 }, mb: 3, display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Box sx={{ flex: '1 1 320px', display: 'flex', gap: 2 }}>
        <CardGiftcardOutlinedIcon sx={{ color: 'primary.main', mt: 0.25 }} />
        <Box>
          <Typography variant="subtitle1" component="h2">
            {t('intervalMa.explainTitle')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('intervalMa.explain')}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ flex: '1 1 260px', display: 'grid', gap: 1.5 }}>
        <TextField
          size="small"
          label={t('intervalMa.exampleAmount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          slotProps={{
            htmlInput: { inputMode: 'decimal', maxLength: 14, autoComplete: 'off' },
            input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
          }}
        />
        <Typography variant="body2" aria-live="polite" sx={{ fontWeight: 600 }}>
          {centimes === null
            ? t('intervalMa.exampleInvalid')
            : count === null
              ? t('choices.loading')
              : t('intervalMa.exampleResult', {
                  amount: formatMoney(centimes, currency, i18n.language),
                  count,
                })}
        </Typography>
      </Box>
    </Card>
  );
}
