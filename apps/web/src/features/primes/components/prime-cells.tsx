import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

/** Multipliers side by side (« 50 / 20 / 10 »); an inherited one (null) is a dimmed dash. */
export function Multipliers({ values }: { values: (number | null)[] }) {
  const { t, i18n } = useTranslation('primes');
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {values.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions (lot, option)
        <Box component="span" key={i}>
          {i > 0 ? (
            <Box component="span" sx={{ color: 'text.disabled', mx: 0.5 }}>
              /
            </Box>
          ) : null}
          {v === null ? (
            <Tooltip title={t('inheritsShort')}>
              <Box component="span" sx={{ color: 'text.disabled' }} aria-label={t('inheritsShort')}>
                —
              </Box>
            </Tooltip>
          ) : (
            formatNumber(v, i18n.language)
          )}
        </Box>
      ))}
    </Box>
  );
}
