import { resultEndpoints } from '@borlette/shared/contracts/results';
import { sourceLabel } from '@borlette/shared/draw-states';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client';
import { fDateTime } from '../../../lib/format';

/**
 * « Résultats en attente »: the company's draws whose official time has passed without a result, with
 * the platform's open alerts (late, conflict). Nothing when none waits, or with 'all' companies.
 */
export function PendingResults({ enabled, timeZone }: { enabled: boolean; timeZone: string }) {
  const { t, i18n } = useTranslation('results');
  const pending = useQuery({
    queryKey: ['results', 'pending'],
    queryFn: ({ signal }) => call(resultEndpoints.pending, undefined, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
  if (!pending.data?.length) return null;
  return (
    <Alert severity="warning" variant="outlined" data-testid="pending-results">
      <AlertTitle>{t('pending.title')}</AlertTitle>
      {pending.data.map((p) => {
        // « Tennessee Matin », not « Tennessee Matin (Tennessee Matin) » when the draw bears its source's name.
        const official = sourceLabel(p.source_name, i18n.language);
        const source = [p.source_name, official].includes(p.tirage_name) ? official : `${p.tirage_name} (${official})`;
        return (
          <Box key={`${p.tirage_id}:${p.draw_date}`} sx={{ typography: 'body2' }}>
            {t('pending.text', { source, time: fDateTime(p.official_at, { timeZone, language: i18n.language }) })}
            {p.alerts.length ? ` — ${p.alerts.join(' ')}` : ''}
          </Box>
        );
      })}
    </Alert>
  );
}
