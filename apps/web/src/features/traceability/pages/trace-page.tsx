import {
  TRACE_ACTIONS,
  type TraceEntry,
  type TraceKind,
  traceabilityEndpoints,
} from '@borlette/shared/contracts/traceability';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Chip from '@mui/material/Chip';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { DateInput } from '../../../components/date-input';
import { RangeAlert } from '../../../components/filters';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { DEFAULT_TIME_ZONE, fBusinessDay } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { TRACE_KEY, TRACE_TITLES } from '../api/traceability';
import { ChangesPreview, EntryWhen, What, Where, Who } from '../components/trace-cells';
import { TraceDetailsDialog } from '../components/trace-details-dialog';
import { effectiveRange, rangeProblem, todayIn } from '../components/trace-range';

const actionFilter: DataTableFilter = {
  key: 'action',
  label: 'traceability:filters.action',
  allLabel: 'components:table.all_female',
  options: TRACE_ACTIONS.map((a) => ({ value: a, label: `traceability:actions.${a}` })),
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: string | null) => (v && ISO_DAY.test(v) ? v : '');

/**
 * /dashboard/user/tracabilite-{agent|company|supervisor}: the audit trail of one actor role, by day of
 * the company's calendar (the last 7 days unless chosen), newest first.
 */
export function TracePage({ kind }: { kind: TraceKind }) {
  const { t, i18n } = useTranslation(['traceability', 'nav', 'components']);
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const [details, setDetails] = useState<TraceEntry | null>(null);
  const timeZone = user.company?.timezone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone);
  const withCompany = user.role === 'superuser' && !user.company;

  const start = day(params.get('start_date'));
  const end = day(params.get('end_date'));
  const userId = /^\d{1,15}$/.test(params.get('user_id') ?? '') ? (params.get('user_id') as string) : '';
  const userLabel = params.get('user') ?? (userId ? `#${userId}` : '');
  const shown = effectiveRange(start, end, today);
  const problem = rangeProblem(start, end);

  /** Date and user filters live in the URL beside the table's own params; a change goes back to page 1. */
  const setFilter = useCallback(
    (patch: Record<string, string>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(patch)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          next.delete('page');
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );

  // An inverted or too long range is not sent: the list keeps the last valid one meanwhile.
  const extra = useMemo(
    () => ({ start_date: shown.start, end_date: shown.end, user_id: userId || undefined }),
    [shown.start, shown.end, userId],
  );
  const [lastValid, setLastValid] = useState(extra);
  if (
    !problem &&
    (lastValid.start_date !== extra.start_date ||
      lastValid.end_date !== extra.end_date ||
      lastValid.user_id !== extra.user_id)
  )
    setLastValid(extra);

  const columns = useMemo<DataTableColumn<TraceEntry>[]>(
    () => [
      {
        id: 'at',
        header: 'traceability:columns.at',
        sortKey: 'at',
        card: 'subtitle',
        render: (e) => <EntryWhen entry={e} />,
      },
      {
        id: 'username',
        header: 'traceability:columns.who',
        sortKey: 'username',
        minWidth: 150,
        render: (e) => <Who entry={e} withCompany={withCompany} />,
      },
      {
        id: 'action',
        header: 'traceability:columns.what',
        sortKey: 'action',
        card: 'title',
        render: (e) => <What entry={e} />,
      },
      {
        id: 'changes',
        header: 'traceability:columns.changes',
        hideOnPhone: true,
        card: 'wide',
        render: (e) => <ChangesPreview entry={e} />,
      },
      { id: 'ip', header: 'traceability:columns.where', hideOnPhone: true, render: (e) => <Where entry={e} /> },
    ],
    [withCompany],
  );

  const rowActions = (e: TraceEntry): RowAction[] => [
    {
      key: 'details',
      label: 'traceability:rowDetails',
      icon: <VisibilityOutlinedIcon fontSize="small" />,
      onClick: () => setDetails(e),
    },
    ...(e.user_id && String(e.user_id) !== userId
      ? [
          {
            key: 'user',
            label: 'traceability:rowFilterUser',
            icon: <FilterAltOutlinedIcon fontSize="small" />,
            onClick: () => setFilter({ user_id: String(e.user_id), user: e.name ?? e.username ?? '' }),
          },
        ]
      : []),
  ];

  const dateField = (name: 'start_date' | 'end_date', value: string, label: string, fallback: string) => (
    <DateInput
      size="small"
      label={label}
      value={value || fallback}
      onChange={(v) => setFilter({ [name]: day(v) })}
      error={!!problem && (name === 'end_date' || problem === 'tooLong')}
      sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
      max={today}
    />
  );

  const toolbar = (
    <>
      {dateField('start_date', start, t('filters.start'), shown.start)}
      {dateField('end_date', end, t('filters.end'), shown.end)}
      {userId ? (
        <Chip
          label={t('filters.user', { name: userLabel })}
          onDelete={() => setFilter({ user_id: '', user: '' })}
          sx={{ maxWidth: 260 }}
        />
      ) : null}
      <RangeAlert ns="traceability" problem={problem} />
    </>
  );

  const title = t(TRACE_TITLES[kind]);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t(`subtitle.${kind}`, { zone: timeZone })}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: title }]}
      />
      <DataTable<TraceEntry>
        queryKey={[...TRACE_KEY, kind]}
        endpoint={traceabilityEndpoints[kind]}
        columns={columns}
        rowKey={(e) => e.key}
        rowActions={rowActions}
        rowLabel={(e) => t('rowActions', { action: t(`actions.${e.action}`, { defaultValue: e.action }) })}
        filters={[actionFilter]}
        toolbar={toolbar}
        params={lastValid}
        searchPlaceholder="traceability:search"
        defaultSort="at"
        defaultOrder="desc"
        csv
        csvFilename={`tracabilite-${kind}.csv`}
        ariaLabel={title}
        empty={{
          title: t('emptyState.title'),
          text: t('emptyState.text', {
            start: fBusinessDay(shown.start, i18n.language),
            end: fBusinessDay(shown.end, i18n.language),
          }),
        }}
      />
      <TraceDetailsDialog entry={details} onClose={() => setDetails(null)} />
    </>
  );
}
