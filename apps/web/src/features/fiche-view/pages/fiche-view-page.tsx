import type { PublicFiche } from '@borlette/shared/contracts/fiches';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FicheDetails } from '../../../components/fiche-details';
import { FicheStatusChip } from '../../../components/fiche-status-chip';
import { Logo } from '../../../components/logo';
import { LazySettingsDrawer } from '../../../components/settings/lazy-settings-drawer';
import { SettingsButton } from '../../../components/settings/settings-button';
import { isApiError } from '../../../lib/api-client';
import { fDateTime, fDayNumeric, formatMoney } from '../../../lib/format';
import { getPublicFiche } from '../api/public-fiche';

type State = { kind: 'loading' } | { kind: 'ok'; fiche: PublicFiche } | { kind: 'notFound' } | { kind: 'error' };

function usePublicFiche(refCode: string, attempt: number): State {
  const [state, setState] = useState<State>({ kind: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the ticket again
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.kind === 'ok' ? s : { kind: 'loading' }));
    getPublicFiche(refCode, controller.signal).then(
      (fiche) => setState({ kind: 'ok', fiche }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = isApiError(error) ? error.statusCode : 0;
        setState(status === 404 || status === 400 ? { kind: 'notFound' } : { kind: 'error' });
      },
    );
    return () => controller.abort();
  }, [refCode, attempt]);
  return state;
}

/** Keeps the ticket out of search engines while the page is shown. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

function Summary({ fiche }: { fiche: PublicFiche }) {
  const { t, i18n } = useTranslation('ficheView');
  const money = (v: number) => formatMoney(v, fiche.currency, i18n.language);
  const when = (v: string) => fDateTime(v, { timeZone: fiche.timezone, language: i18n.language });
  const items = [
    { label: t('totalStake'), value: money(fiche.amount) },
    { label: t('totalWin'), value: money(fiche.win_amount), strong: fiche.win_amount > 0 },
  ];
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {fiche.company_name}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ fontVariantNumeric: 'tabular-nums', wordBreak: 'break-all' }}>
            {t('title', { number: fiche.number })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('soldAt', { date: when(fiche.sold_at) })}
          </Typography>
        </Box>
        <FicheStatusChip status={fiche.status} size="medium" />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, my: 2.5 }}>
        {items.map((i) => (
          <Box key={i.label} sx={{ p: 1.5, borderRadius: 1.5, bgcolor: 'background.neutral' }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {i.label}
            </Typography>
            <Typography
              variant="h6"
              sx={{ fontVariantNumeric: 'tabular-nums', color: i.strong ? 'success.main' : 'text.primary' }}
            >
              {i.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {fiche.paid_at ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('paidAt', { date: when(fiche.paid_at) })}
        </Alert>
      ) : fiche.status === 'gagnant' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('payableUntil', { date: fDayNumeric(fiche.expires_on) })}
        </Alert>
      ) : null}
    </>
  );
}

/** /fiche-view/{refCode}: the public view of one ticket (the QR code of its receipt). */
export default function FicheViewPage() {
  const { t } = useTranslation(['ficheView', 'common']);
  const { refCode = '' } = useParams();
  const [attempt, setAttempt] = useState(0);
  const state = usePublicFiche(refCode, attempt);
  useNoIndex();

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', pb: 6 }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 2, height: 64 }}>
        <Logo size={32} />
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700 }}>
          {t('common:brand')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <SettingsButton />
      </Box>
      <Container component="main" maxWidth="sm" sx={{ px: { xs: 1.5, sm: 3 } }}>
        {state.kind === 'loading' ? (
          <Card sx={{ p: 3 }} aria-busy="true" aria-label={t('common:loading')}>
            <Skeleton width="40%" />
            <Skeleton variant="text" sx={{ fontSize: 32 }} width="70%" />
            <Skeleton variant="rounded" height={72} sx={{ my: 2 }} />
            <Skeleton variant="rounded" height={160} />
          </Card>
        ) : state.kind === 'notFound' ? (
          <Card sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
            <SearchOffOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden="true" />
            <Typography variant="h4" component="h1" sx={{ mt: 1, mb: 1 }}>
              {t('notFound.title')}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{t('notFound.text')}</Typography>
          </Card>
        ) : state.kind === 'error' ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
                {t('retry')}
              </Button>
            }
          >
            {t('loadError')}
          </Alert>
        ) : (
          <Card sx={{ p: { xs: 2, sm: 3 } }}>
            <Summary fiche={state.fiche} />
            <Divider sx={{ mb: 2 }} />
            <FicheDetails draws={state.fiche.draws} lines={state.fiche.lines} currency={state.fiche.currency} />
            <Stack direction="row" sx={{ mt: 3, alignItems: 'center', gap: 1 }}>
              <Typography variant="caption" sx={{ color: 'text.secondary', flexGrow: 1 }}>
                {t('liveNote')}
              </Typography>
              <Button size="small" color="inherit" startIcon={<RefreshIcon />} onClick={() => setAttempt((n) => n + 1)}>
                {t('refresh')}
              </Button>
            </Stack>
          </Card>
        )}
      </Container>
      <LazySettingsDrawer />
    </Box>
  );
}
