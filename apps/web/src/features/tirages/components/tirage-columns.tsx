import type { SortKey } from '@borlette/shared/contracts/list';
import type { Tirage, tirageListQuery } from '@borlette/shared/contracts/tirages';
import { sourceLabel } from '@borlette/shared/draw-states';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { LotBalls } from '../../../components/lot-balls';
import { fBusinessDay } from '../../../lib/format';
import { DayChips, ModeLabel, TirageStateChip } from './tirage-chips';

const caption = { color: 'text.secondary', display: 'block', fontWeight: 400 } as const;

function Source({ r }: { r: Tirage }) {
  const { t, i18n } = useTranslation('tirages');
  if (r.source_id === null)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('ownDraw')}
      </Box>
    );
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {r.source_name ? sourceLabel(r.source_name, i18n.language) : null}
      </Box>
      {r.draw_time ? (
        <Typography component="span" variant="caption" sx={{ ...caption, whiteSpace: 'nowrap' }}>
          {t('drawAt', { time: r.draw_time })}
        </Typography>
      ) : null}
    </>
  );
}

function LastResult({ r }: { r: Tirage }) {
  const { t, i18n } = useTranslation('tirages');
  const last = r.last_result;
  if (!last) return <Box sx={{ color: 'text.disabled' }}>—</Box>;
  return (
    <Box
      title={t('lastTitle', {
        date: fBusinessDay(last.draw_date, i18n.language),
        pick3: last.pick3,
        pick4: last.pick4,
      })}
    >
      <LotBalls lots={last} />
      <Typography component="span" variant="caption" sx={{ ...caption, mt: 0.25, whiteSpace: 'nowrap' }}>
        {fBusinessDay(last.draw_date, i18n.language)}
      </Typography>
    </Box>
  );
}

/** The list's columns (labels are keys of tirages.json). */
export const tirageColumns: DataTableColumn<Tirage, SortKey<typeof tirageListQuery>>[] = [
  {
    id: 'name',
    header: 'tirages:columns.name',
    sortKey: 'name',
    minWidth: 110,
    render: (r) => r.name,
  },
  {
    id: 'source',
    header: 'tirages:columns.source',
    sortKey: 'source',
    hideOnPhone: true,
    render: (r) => <Source r={r} />,
  },
  { id: 'days', header: 'tirages:columns.days', hideOnPhone: true, render: (r) => <DayChips days={r.days} /> },
  {
    id: 'hours',
    header: 'tirages:columns.hours',
    sortKey: 'close_time',
    render: (r) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {r.open_time}–{r.close_time}
      </Box>
    ),
  },
  {
    id: 'mode',
    header: 'tirages:columns.mode',
    sortKey: 'mode',
    hideOnPhone: true,
    render: (r) => <ModeLabel mode={r.mode} />,
  },
  {
    id: 'state',
    header: 'tirages:columns.state',
    render: (r) => <TirageStateChip tirage={r} />,
  },
  { id: 'last', header: 'tirages:columns.last', hideOnPhone: true, render: (r) => <LastResult r={r} /> },
];
