import { type DrawResult, tirageAutoEndpoints, type tirageAutoListQuery } from '@borlette/shared/contracts/info-tirage';
import type { SortKey } from '@borlette/shared/contracts/list';
import type { DrawSource } from '@borlette/shared/contracts/tirages';
import { sourceLabel, stateLabel } from '@borlette/shared/draw-states';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessDay } from '../../../components/business-day';
import { DataTable, type DataTableColumn, type DataTableFilter } from '../../../components/data-table';
import { LotBalls } from '../../../components/lot-balls';
import { fBusinessDay, fDateTime } from '../../../lib/format';
import { TIRAGE_AUTO_KEY } from '../api/tirage-auto';
import { usePeriodFilter } from './period-filter';

const caption = { color: 'text.secondary', display: 'block', fontWeight: 400, whiteSpace: 'nowrap' } as const;
const digits = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Published({ r }: { r: DrawResult }) {
  const { t, i18n } = useTranslation('infoTirage');
  return (
    <>
      <Box component="span" sx={{ ...digits, display: 'block' }}>
        {fDateTime(r.published_at, { language: i18n.language })}
      </Box>
      {r.version > 1 ? (
        <Typography component="span" variant="caption" sx={caption}>
          {t('corrected', { count: r.version - 1 })}
        </Typography>
      ) : null}
    </>
  );
}

/** The official source in the interface's language (« Floride Midi », « Floride · midi »). */
function Source({ r }: { r: DrawResult }) {
  const { i18n } = useTranslation();
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {sourceLabel(r.source_name, i18n.language)}
      </Box>
      <Typography component="span" variant="caption" sx={caption}>
        {stateLabel(r.state, i18n.language)} · {r.session}
      </Typography>
    </>
  );
}

const columns: DataTableColumn<DrawResult, SortKey<typeof tirageAutoListQuery>>[] = [
  {
    id: 'draw_date',
    header: 'infoTirage:columns.date',
    sortKey: 'draw_date',
    render: (r) => (
      <Box sx={{ ...digits, whiteSpace: 'nowrap' }}>
        <BusinessDay day={r.draw_date} />
      </Box>
    ),
  },
  {
    id: 'source',
    header: 'infoTirage:columns.source',
    sortKey: 'source',
    minWidth: 140,
    render: (r) => <Source r={r} />,
  },
  {
    id: 'picks',
    header: 'infoTirage:columns.picks',
    hideOnPhone: true,
    render: (r) => (
      <Box sx={{ ...digits, fontWeight: 600, letterSpacing: 1 }}>
        {r.pick3} / {r.pick4}
      </Box>
    ),
  },
  { id: 'lots', header: 'infoTirage:columns.lots', render: (r) => <LotBalls lots={r} /> },
  { id: 'companies', header: 'infoTirage:columns.companies', align: 'right', hideOnPhone: true },
  { id: 'published', header: 'infoTirage:columns.published', hideOnPhone: true, render: (r) => <Published r={r} /> },
];

/** The results the platform published, by period (last 7 days by default) and source. */
export function AutoResultsTable({ sources, timeZone }: { sources: DrawSource[]; timeZone: string }) {
  const { t, i18n } = useTranslation('infoTirage');
  const period = usePeriodFilter({ timeZone, days: 7 });
  const filters = useMemo<DataTableFilter[]>(
    () => [
      {
        key: 'source_id',
        label: 'infoTirage:filters.source',
        allLabel: 'components:table.all_female',
        options: sources.map((s) => ({ value: String(s.id), text: s.name })),
      },
    ],
    [sources],
  );
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('auto.listTitle')}
      </Typography>
      <DataTable<DrawResult>
        queryKey={TIRAGE_AUTO_KEY}
        endpoint={tirageAutoEndpoints.list}
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        toolbar={period.fields}
        params={period.params}
        searchPlaceholder="infoTirage:auto.search"
        defaultSort="draw_date"
        defaultOrder="desc"
        csv
        csvFilename="resultats-publies.csv"
        ariaLabel={t('auto.listTitle')}
        empty={{
          title: t('auto.empty.title'),
          text: t('auto.empty.text', {
            start: fBusinessDay(period.shown.start, i18n.language),
            end: fBusinessDay(period.shown.end, i18n.language),
          }),
        }}
      />
    </>
  );
}
