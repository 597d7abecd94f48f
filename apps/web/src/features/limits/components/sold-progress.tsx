import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { soldLevel } from '../sold';

/** Sold today against the maximum: « 1 600,00 HTG · 80 % » over a bar (green, orange near, red at the limit). */
export function SoldProgress({ sold, max, currency }: { sold: number; max: number; currency: string }) {
  const { t, i18n } = useTranslation('limits');
  const ratio = max > 0 ? Math.min(sold / max, 1) : 1;
  const level = soldLevel(sold, max);
  const percent = max > 0 ? Math.round((sold / max) * 100) : sold > 0 ? 100 : 0;
  return (
    <Box sx={{ minWidth: 130 }}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 1,
          typography: 'caption',
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        }}
      >
        <span>{formatMoney(sold, currency, i18n.language)}</span>
        <Box component="span" sx={{ color: level === 'success' ? 'text.secondary' : `${level}.main`, fontWeight: 600 }}>
          {max === 0 ? t('sold.closed') : `${percent} %`}
        </Box>
      </Box>
      <LinearProgress
        variant="determinate"
        value={ratio * 100}
        color={level}
        aria-label={t('sold.aria', { percent })}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
