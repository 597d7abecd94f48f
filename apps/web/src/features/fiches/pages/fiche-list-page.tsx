import type { FichePage, FicheRow } from '@borlette/shared/contracts/fiches';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, toListParams, useListQuery, useTableState } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { companyChosen } from '../../../lib/authorization';
import { effectiveRange, rangeProblem, todayIn } from '../../../lib/day-range';
import { fBusinessDay } from '../../../lib/format';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';
import { useUser } from '../../../lib/session/use-session';
import { DEFAULT_SORT, FICHE_LISTS, FICHES_KEY } from '../api/fiches';
import { ficheColumns } from '../components/fiche-columns';
import { FicheDrawer } from '../components/fiche-drawer';
import { FicheToolbar } from '../components/fiche-toolbar';
import { FicheTotalsCards } from '../components/fiche-totals';
import {
  type FicheFilters,
  type FicheKind,
  hasNarrowingFilter,
  readFilters,
  toApiParams,
  writeFilters,
} from '../lib/fiche-filters';

const ID = /^[1-9]\d{0,14}$/;

/**
 * /dashboard/borlette/list-fiches{,-gagnants,-payant,-supprimer}: one ticket list per kind, filtered
 * by sale dates (today unless chosen), draw, sub-branch, agent and status, all kept in the URL, with
 * the totals of the period above it; a row opens the ticket in a drawer (its id also in the URL).
 */
export function FicheListPage({ kind }: { kind: FicheKind }) {
  const def = FICHE_LISTS[kind];
  const { t, i18n } = useTranslation(['fiches', 'nav']);
  const user = useUser();
  const display = useCompanyDisplay();
  const [params, setParams] = useSearchParams();
  const today = todayIn(display.timeZone);

  const filters = readFilters(params, kind);
  const range = effectiveRange(filters, today);
  const problem = rangeProblem(range.start, range.end);
  const openId = ID.test(params.get('fiche') ?? '') ? Number(params.get('fiche')) : null;
  const [openNumber, setOpenNumber] = useState<number | undefined>();

  const setFilters = useCallback(
    (patch: Partial<FicheFilters>) => {
      // Today is the default: the URL stays clean (and a bookmark keeps meaning « today »).
      const p = patch.start === today && patch.end === today ? { ...patch, start: '', end: '' } : patch;
      setParams((current) => writeFilters(current, p), { preventScrollReset: true });
    },
    [setParams, today],
  );
  const openFiche = useCallback(
    (row: Pick<FicheRow, 'id' | 'number'> | null) => {
      setOpenNumber(row?.number);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (row) next.set('fiche', String(row.id));
          else next.delete('fiche');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  // An inverted or too long period is not sent: the list keeps the last valid one meanwhile.
  const apiParams = toApiParams(filters, range);
  const key = JSON.stringify(apiParams);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by value (key)
  const extra = useMemo(() => apiParams, [key]);
  const [lastValid, setLastValid] = useState(extra);
  if (!problem && lastValid !== extra) setLastValid(extra);

  const columns = useMemo(() => ficheColumns(kind, openFiche), [kind, openFiche]);
  const sortKeys = useMemo(() => columns.flatMap((c) => (c.sortKey ? [c.sortKey] : [])), [columns]);
  const queryKey = useMemo(() => [...FICHES_KEY, kind], [kind]);

  // The totals come with the page: the same query as the table's (same key and params, one request).
  const { state } = useTableState({ filterKeys: [], sortKeys, defaultSort: DEFAULT_SORT[kind], defaultOrder: 'desc' });
  const list = useListQuery<FicheRow>(queryKey, def.endpoint, toListParams(state, lastValid));
  const totals = (list.data as FichePage | undefined)?.totals;

  const readAll = !companyChosen(user);
  const title = t(def.title);
  const narrowing = hasNarrowingFilter(filters);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t(`subtitle.${kind}`, { zone: display.timeZone })}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: title }]}
      />
      {readAll ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('allCompanies')}
        </Alert>
      ) : null}
      <FicheTotalsCards kind={kind} totals={list.isError ? undefined : totals} loading={list.isPending} />
      <DataTable<FicheRow>
        queryKey={queryKey}
        endpoint={def.endpoint}
        columns={columns}
        rowKey={(r) => r.id}
        onRowClick={openFiche}
        toolbar={
          <FicheToolbar
            kind={kind}
            filters={filters}
            range={range}
            problem={problem}
            today={today}
            onChange={setFilters}
          />
        }
        params={lastValid}
        searchPlaceholder="fiches:search"
        defaultSort={DEFAULT_SORT[kind]}
        defaultOrder="desc"
        csv
        csvFilename={def.csvFilename}
        ariaLabel={title}
        empty={{
          title: t(`emptyState.${kind}`),
          text:
            range.start === range.end
              ? t('emptyState.day', { day: fBusinessDay(range.start, i18n.language) })
              : t('emptyState.range', {
                  start: fBusinessDay(range.start, i18n.language),
                  end: fBusinessDay(range.end, i18n.language),
                }),
          action: narrowing ? (
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => setFilters({ tirage: '', surcussale: '', agent: '', status: '' })}
            >
              {t('filters.reset')}
            </Button>
          ) : undefined,
        }}
      />
      <FicheDrawer id={openId} number={openNumber} onClose={() => openFiche(null)} />
    </>
  );
}
