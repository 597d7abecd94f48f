import type { FicheSummary, FicheView } from '@borlette/shared/contracts/fiches';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/confirm-dialog';
import { isApiError } from '../../../../lib/api-client';
import { FICHES_PAGE_SIZE, getFicheById, useCancelFiche, usePosConfig, useTodayFiches } from '../../api/pos-api';
import { clockOffset } from '../../lib/draws';
import { canCancel } from '../../lib/fiche-rules';
import { ReceiptDialog } from '../receipt/receipt-dialog';
import { useReprintAndPrint } from '../receipt/use-reprint';
import { useNow } from '../use-now';
import { useReplay } from '../use-replay';
import { FicheRowItem } from './fiche-row';

/** « Fiches du jour »: the agent's own tickets of today, newest first; view/reprint, cancel in the window. */
export function FichesTab() {
  const { t } = useTranslation('pos');
  const { enqueueSnackbar } = useSnackbar();
  const confirm = useConfirm();
  const [page, setPage] = useState(1);
  const list = useTodayFiches(page);
  const { data: config } = usePosConfig();
  const cancel = useCancelFiche();
  const reprint = useReprintAndPrint();
  const [opened, setOpened] = useState<FicheView | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const [replaying, setReplaying] = useState<number | null>(null);
  const replay = useReplay();
  const now = useNow(15_000);
  const serverNow = now + (config ? clockOffset(config.server_time, config.receivedAt) : 0);
  const message = (e: unknown) => (isApiError(e) && e.statusCode !== 0 ? e.message : t('errors.network'));

  const open = async (row: FicheSummary) => {
    setOpening(row.id);
    try {
      setOpened(await getFicheById(row.id));
    } catch (e) {
      enqueueSnackbar(message(e), { variant: 'error' });
    } finally {
      setOpening(null);
    }
  };

  // The list has no lines: the ticket is read first (GET /api/agents/fiche?id=).
  const onReplay = async (row: FicheSummary) => {
    setReplaying(row.id);
    try {
      await replay.replay(await getFicheById(row.id));
    } catch (e) {
      enqueueSnackbar(message(e), { variant: 'error' });
    } finally {
      setReplaying(null);
    }
  };

  const onReprint = async (row: FicheSummary) => {
    try {
      const { outcome } = await reprint.run(row.id);
      if (!outcome.ok) enqueueSnackbar(outcome.message, { variant: 'error' });
    } catch (e) {
      enqueueSnackbar(message(e), { variant: 'error' });
    }
  };

  const onCancel = async (row: FicheSummary) => {
    const ok = await confirm({
      title: t('fiches.cancelTitle', { number: row.number }),
      message: t('fiches.cancelText'),
      confirmText: t('fiches.cancelYes'),
      cancelText: t('fiches.keep'),
      danger: true,
    });
    if (!ok) return;
    try {
      await cancel.mutateAsync(row.id);
      enqueueSnackbar(t('fiches.cancelled', { number: row.number }), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(message(e), { variant: 'error' });
    }
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / FICHES_PAGE_SIZE)) : 1;

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {data ? t('fiches.count', { count: data.count }) : '\u00a0'}
        </Typography>
        <IconButton aria-label={t('refresh')} onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshIcon />
        </IconButton>
      </Stack>
      {list.isError && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {message(list.error)}
        </Alert>
      ) : !data ? (
        <Stack spacing={1} aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={88} />
          ))}
        </Stack>
      ) : data.results.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <ReceiptLongOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden="true" />
          <Typography sx={{ mt: 1 }}>{t('fiches.empty')}</Typography>
        </Box>
      ) : (
        <Stack
          component="ul"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          {data.results.map((row) => (
            <FicheRowItem
              key={row.id}
              row={row}
              currency={config?.company.currency ?? 'HTG'}
              timezone={config?.company.timezone ?? null}
              opening={opening === row.id}
              cancellable={
                !!config &&
                canCancel(row, {
                  allowed: config.agent.can_cancel,
                  windowMinutes: config.cancel_window_minutes,
                  serverNow,
                })
              }
              cancelling={cancel.isPending && cancel.variables === row.id}
              windowMinutes={config?.cancel_window_minutes ?? 0}
              reprinting={reprint.pendingId === row.id}
              onOpen={() => void open(row)}
              onReprint={() => void onReprint(row)}
              onCancel={() => void onCancel(row)}
              onReplay={replay.allowed ? () => void onReplay(row) : undefined}
              replaying={replaying === row.id}
            />
          ))}
        </Stack>
      )}
      {data && pages > 1 ? (
        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', justifyContent: 'center' }}>
          <Button variant="outlined" color="inherit" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('fiches.previous')}
          </Button>
          <Typography variant="body2" sx={{ px: 1 }}>
            {t('fiches.page', { page, pages })}
          </Typography>
          <Button variant="outlined" color="inherit" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('fiches.next')}
          </Button>
        </Stack>
      ) : null}
      <ReceiptDialog
        fiche={opened}
        onClose={() => setOpened(null)}
        notice={
          opened && replay.allowed ? (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
              <Button
                size="small"
                variant="outlined"
                color="inherit"
                startIcon={<ReplayIcon />}
                onClick={() => {
                  const fiche = opened;
                  void replay.replay(fiche).then((done) => done && setOpened(null));
                }}
              >
                {t('replay.action')}
              </Button>
            </Box>
          ) : undefined
        }
      />
    </Box>
  );
}
