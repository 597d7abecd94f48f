import { type ResultRow, resultEndpoints } from '@borlette/shared/contracts/results';
import { sourceLabel } from '@borlette/shared/draw-states';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DateInput } from '../../../components/date-input';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/authorization';
import { todayIn } from '../../../lib/day-range';
import { DEFAULT_TIME_ZONE, fDay } from '../../../lib/format';
import { usePollResults, useResultBoard, useResultsSettings } from '../api/results';
import { type BoardActions, BoardTable } from '../components/board-table';
import { ResultDialog } from '../components/result-dialog';
import { FetchList, HistoryList } from '../components/result-lists';
import { SettingsDialog } from '../components/settings-dialog';

/**
 * /dashboard/tirage/resultats (view_result): the official results pipeline's board. A date (today in
 * the platform's zone by default), one row per state session with its state; actions Confirmer, Saisir
 * and Relancer (change_result) behind a confirmation; the history and the fetch log in tabs.
 */
export default function ResultsBoardPage() {
  const { t, i18n } = useTranslation(['results', 'nav']);
  const timeZone = DEFAULT_TIME_ZONE;
  // ?date=YYYY-MM-DD opens another day (a link from an alert, a bookmark).
  const [params] = useSearchParams();
  const asked = params.get('date');
  const [date, setDate] = useState(() => (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : todayIn(timeZone)));
  const [tab, setTab] = useState<'board' | 'history' | 'fetches'>('board');
  const [dialog, setDialog] = useState<{ row: ResultRow; mode: 'confirm' | 'enter' } | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const canAct = useCan(resultEndpoints.confirm);
  const board = useResultBoard(date);
  const settings = useResultsSettings(canAct);
  const poll = usePollResults();
  const confirm = useConfirm();

  const actions: BoardActions = {
    canAct,
    onConfirm: (row) => setDialog({ row, mode: 'confirm' }),
    onEnter: (row) => setDialog({ row, mode: 'enter' }),
    onPoll: async (row) => {
      const ok = await confirm({
        title: t('poll.title'),
        message: t('poll.text', {
          source: sourceLabel(row.source_name, i18n.language),
          day: fDay(row.draw_date, i18n.language),
        }),
        confirmText: t('actions.poll'),
      });
      if (ok) poll.mutate({ state: row.state_code, session: row.session, draw_date: row.draw_date });
    },
  };

  return (
    <>
      <PageHeader
        title={t('nav:results')}
        subtitle={board.data ? t(`board.mode.${board.data.apply_mode}`) : undefined}
        action={
          canAct && settings.data ? (
            <Button startIcon={<SettingsOutlinedIcon />} onClick={() => setSettingsOpen(true)}>
              {t('settings.title')}
            </Button>
          ) : undefined
        }
      />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="board" label={t('tabs.board')} />
        <Tab value="history" label={t('tabs.history')} />
        <Tab value="fetches" label={t('tabs.fetches')} />
      </Tabs>
      {tab === 'board' && (
        <Card sx={{ p: 2 }}>
          <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <DateInput label={t('board.date')} value={date} onChange={(v) => v && setDate(v)} size="small" />
            <Typography variant="body2" color="text.secondary">
              {t('board.hint')}
            </Typography>
          </Stack>
          {board.data?.alerts.map((a) => (
            <Alert key={a.id} severity="error" sx={{ mb: 1 }}>
              {a.message}
            </Alert>
          ))}
          {board.isError && <Alert severity="error">{t('board.failed')}</Alert>}
          {board.data && <BoardTable rows={board.data.rows} actions={actions} timeZone={timeZone} />}
        </Card>
      )}
      {tab === 'history' && <HistoryList />}
      {tab === 'fetches' && <FetchList />}
      {dialog && <ResultDialog row={dialog.row} mode={dialog.mode} onClose={() => setDialog(null)} />}
      {settingsOpen && settings.data && (
        <SettingsDialog settings={settings.data} onClose={() => setSettingsOpen(false)} />
      )}
    </>
  );
}
