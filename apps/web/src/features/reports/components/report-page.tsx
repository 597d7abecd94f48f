import type { Endpoint } from '@borlette/shared/endpoint';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ReportActions } from '../../../components/report-actions';
import { SummaryCards, type SummaryItem } from '../../../components/summary-cards';
import { paths } from '../../../config/paths';
import type { FigureColumn } from '../../../lib/figures';
import { fDateTime, fDay } from '../../../lib/format';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';
import { useUser } from '../../../lib/session/use-session';
import type { ReportParams } from '../api/reports';
import { periodText, printLayout } from '../lib/print-layout';
import { FigureTable } from './figure-table';
import { PrintSheet } from './print-sheet';

export interface ReportQueryState<D> {
  data: D | undefined;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ReportPageProps<R, T> {
  title: string;
  subtitle?: ReactNode;
  /** The filter bar (PeriodFilters with the page's own). */
  filters: ReactNode;
  /** Tabs or a selector above the filters (the partial reports). */
  header?: ReactNode;
  query: ReportQueryState<unknown>;
  rows: R[] | undefined;
  /** The totals, one line per currency (the answer's totals_by_currency). */
  totals: T[] | undefined;
  /** The period the answer is for (the server's). */
  period: { start: string; end: string };
  columns: FigureColumn<R>[];
  rowKey: (row: R) => string | number;
  renderFirst?: (row: R) => ReactNode;
  /** The cards of one totals line (undefined while loading) in its currency. */
  summary: (totals: T | undefined, currency: string) => SummaryItem[];
  csv: { endpoint: Endpoint; params: ReportParams; filename: string } | null;
  /** The filters in force, for the printed header. */
  printFilters: { label: string; value: string | null | undefined }[];
  /** The currency while nothing is loaded (the company's). */
  currency: string;
  empty: { title: ReactNode; text?: ReactNode; action?: ReactNode };
  /** Replaces the table (e.g. a supervisor to choose first). */
  blocked?: ReactNode;
}

/** With several currencies, each row says its own (its amounts are in it). */
const CURRENCY_COLUMN: FigureColumn<{ currency: string }> = {
  id: 'currency',
  label: 'columns.currency',
  kind: 'text',
  value: (r) => r.currency,
};

/**
 * The frame of every report: header with Imprimer / Exporter CSV, the « Toutes » notice, filters,
 * the totals as cards, the table with its totals line, and the print sheet of the same figures.
 */
export function ReportPage<R extends { currency: string }, T extends { currency: string }>(
  props: ReportPageProps<R, T>,
) {
  const { t } = useTranslation(['reports', 'nav']);
  const user = useUser();
  const d = useCompanyDisplay();
  const { query, rows, totals } = props;
  const allCompanies = user.role === 'superuser' && !user.company;
  const ready = !!rows && !!totals && !props.blocked;
  // Several currencies (« Toutes »): a currency column, one totals line and one row of cards each.
  const multi = (totals?.length ?? 0) > 1;
  const period = props.period;
  const columns = useMemo(
    () => (multi ? [props.columns[0], CURRENCY_COLUMN as FigureColumn<R>, ...props.columns.slice(1)] : props.columns),
    [multi, props.columns],
  );
  const totalsLabels = useMemo(
    () => (totals ?? []).map((x) => (multi ? `${t('totals.label')} ${x.currency}` : t('totals.label'))),
    [totals, multi, t],
  );
  const note = multi ? t('amountsPerRow') : t('amountsIn', { currency: totals?.[0]?.currency ?? props.currency });
  // « Imprimé le » is the moment of printing (Ctrl+P as well as the button), not of loading.
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => {
    // Flushed at once: the browser lays the page out for printing right after this event.
    const stamp = () => flushSync(() => setPrintedAt(new Date()));
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);

  const layout = useMemo(() => {
    if (!rows || !totals) return null;
    return printLayout({
      company: user.company?.companyname ?? t('allCompaniesName'),
      title: props.title,
      period: periodText(period.start, period.end, (day) => fDay(day, d.language)),
      filters: props.printFilters,
      printedAt: fDateTime(printedAt, { timeZone: d.timeZone, language: d.language }),
      note,
      columns: columns.map((c) => ({ ...c, header: t(c.label) })),
      rows,
      totals,
      totalsLabel: totalsLabels,
      format: d,
    });
  }, [
    rows,
    totals,
    columns,
    period,
    printedAt,
    props.title,
    props.printFilters,
    note,
    totalsLabels,
    user.company,
    d,
    t,
  ]);

  return (
    <>
      <PageHeader
        title={props.title}
        subtitle={props.subtitle}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: props.title }]}
        action={<ReportActions csv={props.blocked ? null : props.csv} canPrint={ready} />}
      />
      {allCompanies ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('allCompanies')}
        </Alert>
      ) : null}
      {props.header}
      <Card sx={{ p: { xs: 2, md: 2.5 }, mb: 3 }}>{props.filters}</Card>
      {props.blocked ?? (
        <>
          {totals?.length ? (
            totals.map((line) => (
              <Box key={line.currency}>
                {multi ? (
                  <Typography variant="overline" component="h2" sx={{ display: 'block', color: 'text.secondary' }}>
                    {t('totals.inCurrency', { currency: line.currency })}
                  </Typography>
                ) : null}
                <SummaryCards
                  items={props.summary(line, line.currency)}
                  loading={false}
                  label={multi ? t('totals.inCurrency', { currency: line.currency }) : t('totals.sectionLabel')}
                />
              </Box>
            ))
          ) : (
            <SummaryCards
              items={props.summary(undefined, props.currency)}
              loading={query.isPending}
              label={t('totals.sectionLabel')}
            />
          )}
          <FigureTable<R, T>
            columns={columns}
            rows={query.error && !query.data ? undefined : rows}
            totals={totals}
            totalsLabels={totalsLabels}
            rowKey={props.rowKey}
            loading={query.isPending && !query.error}
            fetching={query.isFetching}
            error={query.error}
            onRetry={() => void query.refetch()}
            empty={props.empty}
            renderFirst={props.renderFirst}
            ariaLabel={props.title}
            note={note}
          />
          <PrintSheet layout={layout} />
        </>
      )}
    </>
  );
}
