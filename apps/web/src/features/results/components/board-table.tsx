import type { ResultRow } from '@borlette/shared/contracts/results';
import { sourceLabel } from '@borlette/shared/draw-states';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ToneChip } from '../../../components/tone-chip';
import { fTime } from '../../../lib/format';
import { STATE_TONE } from '../lib/state-tone';

export interface BoardActions {
  canAct: boolean;
  onConfirm: (r: ResultRow) => void;
  onEnter: (r: ResultRow) => void;
  onPoll: (r: ResultRow) => void;
}

const CONFIRMABLE = new Set(['provisional', 'conflict']);
const ENTERABLE = new Set(['late', 'waiting', 'provisional', 'conflict', 'confirmed', 'manual']);

/** One row per state session: official time (state zone and here), state, numbers, sources, delay, actions. */
export function BoardTable({
  rows,
  actions,
  timeZone,
}: {
  rows: ResultRow[];
  actions: BoardActions;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation('results');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  if (phone) return <BoardCards rows={rows} actions={actions} timeZone={timeZone} />;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('board.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.session')}</TableCell>
            <TableCell>{t('columns.official')}</TableCell>
            <TableCell>{t('columns.state')}</TableCell>
            <TableCell>{t('columns.numbers')}</TableCell>
            <TableCell>{t('columns.sources')}</TableCell>
            <TableCell align="right">{t('columns.delay')}</TableCell>
            <TableCell>{t('columns.applied')}</TableCell>
            {actions.canAct && <TableCell align="right">{t('columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.source_id} data-testid={`result-${r.state_code}-${r.session}`}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {sourceLabel(r.source_name, i18n.language)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Official r={r} timeZone={timeZone} />
              </TableCell>
              <TableCell>
                <ToneChip
                  tone={STATE_TONE[r.state]}
                  label={t(`state.${r.state}`)}
                  title={r.alerts.map((a) => a.message).join(' ') || undefined}
                />
              </TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: 'nowrap' }}>
                {r.pick3 ? `${r.pick3} / ${r.pick4}` : '—'}
                {r.observations
                  .filter((o) => !o.agrees)
                  .map((o) => (
                    <Typography key={o.provider_code} variant="caption" color="error" sx={{ display: 'block' }}>
                      {o.provider_code} : {o.pick3} / {o.pick4}
                    </Typography>
                  ))}
              </TableCell>
              <TableCell>
                <Typography variant="body2">
                  {r.sources.join(', ') || (r.decided_by ? t('board.byHand') : '—')}
                </Typography>
                {r.decided_by && (
                  <Typography variant="caption" color="text.secondary">
                    {t('board.decidedBy', { name: r.decided_by })}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">
                {r.delay_min === null ? '—' : t('board.minutes', { count: r.delay_min })}
              </TableCell>
              <TableCell>
                {r.applied ? t('board.applied', { version: r.applied.version, count: r.applied.companies }) : '—'}
              </TableCell>
              {actions.canAct && (
                <TableCell align="right">
                  <RowActions r={r} actions={actions} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Confirmer (provisional, conflict), Saisir, Relancer: the same on a row and on a phone's card. */
function RowActions({ r, actions }: { r: ResultRow; actions: BoardActions }) {
  const { t } = useTranslation('results');
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {CONFIRMABLE.has(r.state) && (
        <Button size="small" variant="contained" onClick={() => actions.onConfirm(r)}>
          {t('actions.confirm')}
        </Button>
      )}
      {ENTERABLE.has(r.state) && (
        <Button size="small" onClick={() => actions.onEnter(r)}>
          {t('actions.enter')}
        </Button>
      )}
      {r.state !== 'day_off' && (
        <Tooltip title={t('actions.pollHint')}>
          <Box component="span">
            <Button size="small" onClick={() => actions.onPoll(r)}>
              {t('actions.poll')}
            </Button>
          </Box>
        </Tooltip>
      )}
    </Stack>
  );
}

/** « 09:28 heure de Chicago · 10:28 ici ». */
function Official({ r, timeZone }: { r: ResultRow; timeZone: string }) {
  const { t } = useTranslation('results');
  return (
    <>
      {r.official_time}{' '}
      <Typography component="span" variant="caption" color="text.secondary">
        {t('board.zoneAndHere', {
          zone: r.timezone.split('/').pop()?.replaceAll('_', ' '),
          here: fTime(r.official_at, { timeZone }).slice(0, 5),
        })}
      </Typography>
    </>
  );
}

/** On a phone: one card per session (the table would hide the state and the actions off screen). */
function BoardCards({ rows, actions, timeZone }: { rows: ResultRow[]; actions: BoardActions; timeZone: string }) {
  const { t, i18n } = useTranslation('results');
  return (
    <Box component="ul" aria-label={t('board.title')} sx={{ display: 'grid', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((r) => (
        <Box
          component="li"
          key={r.source_id}
          data-testid={`result-${r.state_code}-${r.session}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.5 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
              {sourceLabel(r.source_name, i18n.language)}
            </Typography>
            <ToneChip tone={STATE_TONE[r.state]} label={t(`state.${r.state}`)} />
          </Stack>
          <Typography variant="body2">
            <Official r={r} timeZone={timeZone} />
          </Typography>
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
            {r.pick3 ? `${r.pick3} / ${r.pick4}` : '—'}
            {r.sources.length ? ` · ${r.sources.join(', ')}` : ''}
            {r.delay_min === null ? '' : ` · ${t('board.minutes', { count: r.delay_min })}`}
          </Typography>
          {r.alerts.length > 0 && (
            <Typography variant="caption" color="warning.main">
              {r.alerts.map((a) => a.message).join(' ')}
            </Typography>
          )}
          {actions.canAct && <RowActions r={r} actions={actions} />}
        </Box>
      ))}
    </Box>
  );
}
