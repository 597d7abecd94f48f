import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { RefusalView } from '../../lib/refusal';

export interface SaleErrorState {
  message: string;
  network: boolean;
  /** A refusal's problems (issue 16: every problem of the ticket at once); null for a network error. */
  refusal: RefusalView | null;
}

/**
 * A refused or failed sale, above the lines: the ticket's own problems (closed draws, its limit, its
 * potential payout…) as a list, and how many lines are to be fixed (each says why, in red, beside it).
 */
export function SaleRefusalAlert({ error, onRetry }: { error: SaleErrorState; onRetry: () => void }) {
  const { t } = useTranslation('pos');
  const r = error.refusal;
  // A lone refused line keeps its own message (as before); otherwise the count points at the lines.
  const linesItem = r && (r.lines > 1 || (r.lines === 1 && r.general.length > 0));
  const items = r ? [...r.general, ...(linesItem ? [t('sell.refusedLines', { count: r.lines })] : [])] : [];
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        error.network ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('sell.retry')}
          </Button>
        ) : undefined
      }
    >
      {items.length === 0 ? (
        error.message
      ) : items.length === 1 ? (
        items[0]
      ) : (
        <Box component="ul" aria-label={t('sell.problems')} sx={{ m: 0, pl: 2.5 }}>
          {items.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
