import type { ProviderTestResult, ResultProvider } from '@borlette/shared/contracts/result-providers';
import { stateLabel } from '@borlette/shared/draw-states';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/date-input';
import { ItemDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { useTestProvider } from '../api/result-providers';

/** « Tester »: asks the source now (another address may be tried before saving it); writes nothing. */
export function ProviderTestDialog({ provider, onClose }: { provider: ResultProvider | null; onClose: () => void }) {
  return (
    <ItemDialog item={provider} itemKey={(p) => p.code} onClose={onClose} maxWidth="md">
      {(p) => <TestPanel provider={p} onClose={onClose} />}
    </ItemDialog>
  );
}

function TestPanel({ provider, onClose }: { provider: ResultProvider; onClose: () => void }) {
  const { t } = useTranslation('resultProviders');
  const titleId = useId();
  const test = useTestProvider();
  const [date, setDate] = useState('');
  const [url, setUrl] = useState(provider.base_url);
  const run = () =>
    test.mutate({
      code: provider.code,
      ...(date ? { date } : {}),
      ...(url && url !== provider.base_url ? { base_url: url } : {}),
    });
  return (
    <>
      <DialogTitle id={titleId}>{t('test.title', { name: provider.name })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('test.text')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('fields.base_url')}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            size="small"
            fullWidth
            disabled={provider.kind === 'manual'}
          />
          <DateInput label={t('test.date')} value={date} onChange={setDate} size="small" clearable />
        </Stack>
        {test.isError ? <Alert severity="error">{errorMessage(test.error, t('test.failed'))}</Alert> : null}
        {test.data ? <TestAnswer r={test.data} /> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('close')}
        </Button>
        <Button variant="contained" onClick={run} loading={test.isPending}>
          {t('actions.test')}
        </Button>
      </DialogActions>
    </>
  );
}

function TestAnswer({ r }: { r: ProviderTestResult }) {
  const { t, i18n } = useTranslation('resultProviders');
  return (
    <Stack spacing={1.5}>
      <Alert severity={r.ok ? (r.observations.length ? 'success' : 'info') : 'error'}>
        {r.ok
          ? t('test.ok', { count: r.observations.length, dates: r.dates.join(', '), ms: r.duration_ms })
          : t('test.error', { error: r.error, status: r.http_status ?? '—' })}
      </Alert>
      {r.observations.length ? (
        <Table size="small" aria-label={t('test.observations')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.stateName')}</TableCell>
              <TableCell>{t('columns.session')}</TableCell>
              <TableCell>{t('columns.date')}</TableCell>
              <TableCell>Pick 3</TableCell>
              <TableCell>Pick 4</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {r.observations.map((o) => (
              <TableRow key={`${o.state}-${o.session}-${o.draw_date}`}>
                <TableCell>{stateLabel(o.state, i18n.language)}</TableCell>
                <TableCell>{t(`sessions.${o.session}`)}</TableCell>
                <TableCell>{o.draw_date}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{o.pick3}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{o.pick4}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {r.problems.length ? (
        <Alert severity="warning">
          <Typography variant="subtitle2">{t('test.problems', { count: r.problems.length })}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {r.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {r.excerpt ? (
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('test.excerpt')}
          </Typography>
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 1,
              bgcolor: 'action.hover',
              borderRadius: 1,
              maxHeight: 200,
              overflow: 'auto',
              fontSize: 12,
            }}
          >
            {r.excerpt}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}
