import {
  RESULT_STATES,
  type ResultFetchRow,
  type ResultHistoryRow,
  resultEndpoints,
} from '@borlette/shared/contracts/results';
import { sourceLabel } from '@borlette/shared/draw-states';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { ToneChip } from '../../../components/tone-chip';
import { When } from '../../../components/when';
import { fDay } from '../../../lib/format';
import { RESULTS_KEY } from '../api/results';
import { STATE_TONE } from '../lib/state-tone';

/** The « Historique » tab: the stored state of every session and date (filters state, status; CSV). */
export function HistoryList() {
  const { t, i18n } = useTranslation('results');
  const columns: DataTableColumn<ResultHistoryRow>[] = [
    {
      id: 'draw_date',
      header: 'results:columns.date',
      sortKey: 'draw_date',
      render: (r) => fDay(r.draw_date, i18n.language),
    },
    {
      id: 'source',
      header: 'results:columns.session',
      sortKey: 'source',
      render: (r) => sourceLabel(r.source_name, i18n.language),
    },
    {
      id: 'state',
      header: 'results:columns.state',
      render: (r) => <ToneChip tone={STATE_TONE[r.state]} label={t(`state.${r.state}`)} />,
    },
    { id: 'numbers', header: 'results:columns.numbers', render: (r) => (r.pick3 ? `${r.pick3} / ${r.pick4}` : '—') },
    { id: 'sources', header: 'results:columns.sources', hideOnPhone: true, render: (r) => r.sources.join(', ') || '—' },
    { id: 'decided_by', header: 'results:columns.decidedBy', hideOnPhone: true, render: (r) => r.decided_by ?? '—' },
    {
      id: 'applied_version',
      header: 'results:columns.version',
      align: 'right',
      render: (r) => r.applied_version ?? '—',
    },
  ];
  return (
    <DataTable<ResultHistoryRow>
      queryKey={[...RESULTS_KEY, 'history']}
      endpoint={resultEndpoints.history}
      columns={columns}
      rowKey={(r) => `${r.source_id}:${r.draw_date}`}
      filters={[
        {
          key: 'state_code',
          label: 'results:filters.state',
          allLabel: 'components:table.all',
          options: ['NY', 'FL', 'GA', 'TN', 'TX'].map((s) => ({ value: s, text: s })),
        },
        {
          key: 'status',
          label: 'results:filters.status',
          allLabel: 'components:table.all',
          options: RESULT_STATES.map((s) => ({ value: s, text: t(`state.${s}`) })),
        },
      ]}
      defaultSort="draw_date"
      defaultOrder="desc"
      csv
      csvFilename="resultats.csv"
      paramPrefix="h_"
      ariaLabel={t('tabs.history')}
      empty={{ title: t('empty.history'), text: '' }}
    />
  );
}

/** The « Requêtes » tab: every request to a source (status, what it said, problems). */
export function FetchList() {
  const { t } = useTranslation('results');
  const columns: DataTableColumn<ResultFetchRow>[] = [
    { id: 'at', header: 'results:columns.at', sortKey: 'at', render: (r) => <When at={r.at} /> },
    { id: 'provider_code', header: 'results:columns.provider' },
    { id: 'dates', header: 'results:columns.dates', hideOnPhone: true, render: (r) => r.dates.join(', ') },
    { id: 'http_status', header: 'results:columns.http', align: 'right', render: (r) => r.http_status ?? '—' },
    {
      id: 'outcome',
      header: 'results:columns.outcome',
      render: (r) => (
        <ToneChip
          tone={r.outcome === 'ok' ? 'success' : r.outcome === 'empty' ? 'grey' : 'error'}
          label={t(`outcome.${r.outcome}`)}
        />
      ),
    },
    { id: 'observations', header: 'results:columns.observations', align: 'right' },
    {
      id: 'problems',
      header: 'results:columns.problems',
      hideOnPhone: true,
      render: (r) => (
        <Typography variant="caption" title={r.excerpt}>
          {r.problems.join(' · ') || '—'}
        </Typography>
      ),
    },
  ];
  return (
    <DataTable<ResultFetchRow>
      queryKey={[...RESULTS_KEY, 'fetches']}
      endpoint={resultEndpoints.fetches}
      columns={columns}
      rowKey={(r) => r.id}
      filters={[
        {
          key: 'outcome',
          label: 'results:filters.outcome',
          allLabel: 'components:table.all',
          options: (['ok', 'empty', 'failed'] as const).map((o) => ({ value: o, text: t(`outcome.${o}`) })),
        },
      ]}
      defaultSort="at"
      defaultOrder="desc"
      csv
      csvFilename="resultats-requetes.csv"
      paramPrefix="f_"
      ariaLabel={t('tabs.fetches')}
      empty={{ title: t('empty.fetches'), text: '' }}
    />
  );
}
