import {
  type CurrencyTotals,
  FILTER_CHOICES,
  type ReportRow,
  reportEndpoints,
} from '@borlette/shared/contracts/reports';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { filterField, shrink } from '../../../components/filters';
import { PeriodFilters } from '../../../components/period-filters';
import { fDay } from '../../../lib/format';
import { narrowed, type UrlSpec } from '../../../lib/url-state';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useSalesReport } from '../api/reports';
import { useFigureSummary } from '../components/figure-summary';
import { ReportPage } from '../components/report-page';
import { useFilterLabels } from '../components/use-filter-labels';
import { salesColumns } from '../lib/report-columns';

const EXTRA = { choice: { param: 'filter_choice', type: FILTER_CHOICES } } as const satisfies UrlSpec<'choice'>;
const NARROWING = ['tirage', 'surcussale', 'agent'];

/**
 * /dashboard/rapports (view_report_vente): the sales of the period by agent, sub-branch, draw or
 * day, with the draw, sub-branch and agent filters; totals, CSV (server) and a printable sheet.
 */
export default function SalesReportPage() {
  const { t, i18n } = useTranslation(['reports', 'nav']);
  const f = useUrlFilters(EXTRA);
  const grouping = (f.state.choice || 'agent') as (typeof FILTER_CHOICES)[number];
  const params = useMemo(() => ({ ...f.apiParams, filter_choice: grouping }), [f.apiParams, grouping]);
  const q = useSalesReport('sales', params);
  const currency = q.data?.currency ?? f.display.currency;
  const summary = useFigureSummary();
  const labels = useFilterLabels(f.state);
  const columns = useMemo(() => salesColumns(grouping, (d) => fDay(d, i18n.language)), [grouping, i18n.language]);
  const title = t('nav:rapports');
  const reset = () => f.update({ tirage: '', surcussale: '', agent: '' });

  return (
    <ReportPage<ReportRow, CurrencyTotals>
      title={title}
      subtitle={t('subtitle.sales')}
      query={q}
      rows={q.data?.rows}
      totals={q.data?.totals_by_currency}
      period={q.data ? { start: q.data.start_date, end: q.data.end_date } : f.range}
      columns={columns}
      rowKey={(r) => `${r.key ?? 'none'}-${r.label}-${r.currency}`}
      summary={summary}
      currency={currency}
      csv={{ endpoint: reportEndpoints.sales, params, filename: 'rapport-vente.csv' }}
      printFilters={[{ label: t('filters.grouping'), value: t(`grouping.${grouping}`) }, ...labels]}
      filters={
        <PeriodFilters
          state={f.state}
          range={f.range}
          problem={f.problem}
          today={f.today}
          onChange={f.update}
          show={{ tirage: true, surcussale: true, agent: true }}
          onReset={narrowed(f.state, NARROWING) ? reset : undefined}
        >
          <TextField
            select
            size="small"
            label={t('filters.grouping')}
            value={grouping}
            onChange={(e) => f.update({ choice: e.target.value === 'agent' ? '' : e.target.value })}
            sx={filterField}
            slotProps={shrink}
          >
            {FILTER_CHOICES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`grouping.${c}`)}
              </MenuItem>
            ))}
          </TextField>
        </PeriodFilters>
      }
      empty={{
        title: t('empty.sales'),
        text: narrowed(f.state, NARROWING) ? t('empty.narrowed') : t('empty.period'),
      }}
    />
  );
}
