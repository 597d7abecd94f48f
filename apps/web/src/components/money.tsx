import Box from '@mui/material/Box';
import { formatAmount, formatMoney } from '../lib/format';
import { useCompanyDisplay } from '../lib/session/use-company-display';

/** An amount in centimes in the company's currency and the interface's language ('—' for nothing). */
export function Money({
  centimes,
  currency,
  muteZero = false,
  strong = false,
  plain = false,
}: {
  centimes: number | null | undefined;
  currency?: string;
  muteZero?: boolean;
  strong?: boolean;
  /** Without the currency (a column that names it in its header). */
  plain?: boolean;
}) {
  const d = useCompanyDisplay();
  if (centimes === null || centimes === undefined || (muteZero && centimes === 0))
    return (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        —
      </Box>
    );
  return (
    <Box
      component="span"
      sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 700 : undefined }}
    >
      {plain
        ? formatAmount(centimes, d.language, currency ?? d.currency)
        : formatMoney(centimes, currency ?? d.currency, d.language)}
    </Box>
  );
}
