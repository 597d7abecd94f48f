import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client';
import { usePosConfig } from '../../api/pos-api';
import { SellScreen } from './sell-screen';

/** « Vendre »: draws, fast keyboard entry, totals, sale with an idempotency key, receipt. */
export function SellTab() {
  const { t } = useTranslation('pos');
  const config = usePosConfig();
  const refetch = useCallback(() => void config.refetch(), [config.refetch]);
  if (config.data) return <SellScreen config={config.data} refetch={refetch} />;
  if (config.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={refetch}>
            {t('retry')}
          </Button>
        }
      >
        {isApiError(config.error) && config.error.statusCode !== 0 ? config.error.message : t('errors.network')}
      </Alert>
    );
  return (
    <Box aria-busy="true" aria-label={t('loading')}>
      <Skeleton width={120} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, mb: 2 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={60} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={56} />
    </Box>
  );
}
