import { type CurrencyTotals, type ReportRow, reportEndpoints } from '@borlette/shared/contracts/reports';
import Alert from '@mui/material/Alert';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodFilters } from '../../../components/period-filters';
import { fDay } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { narrowed, type UrlSpec } from '../../../lib/url-state';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useSalesReport } from '../api/reports';
import { useFigureSummary } from '../components/figure-summary';
import { ReportPage } from '../components/report-page';
import { SupervisorSelect, useSupervisorOptions } from '../components/supervisor-select';
import { useFilterLabels } from '../components/use-filter-labels';
import { type Grouping, salesColumns } from '../lib/report-columns';

/** The three partial reports: the company per day, per supervisor, the agents of one supervisor. */
export const PARTIAL_VIEWS = ['company', 'supervisors', 'agents'] as const;
type View = (typeof PARTIAL_VIEWS)[number];
const ENDPOINT = { company: 'daily', supervisors: 'supervisors', agents: 'supervisorAgents' } as const;
const GROUPING: Record<View, Grouping> = { company: 'day', supervisors: 'supervisor', agents: 'agent' };

const EXTRA = {
  view: { param: 'vue', type: PARTIAL_VIEWS },
  supervisor: { param: 'supervisor_id', type: 'id' },
} as const satisfies UrlSpec<'view' | 'supervisor'>;
const NARROWING = ['tirage', 'surcussale', 'agent'];

/**
 * /dashboard/rapports/journalier (view_report_partiel): one of three partial reports, chosen by tabs
 * (kept in the URL). « Vendeurs d'un superviseur » needs a supervisor, except for a supervisor, who
 * sees its own agents.
 */
export default function PartialReportPage() {
  const { t, i18n } = useTranslation(['reports', 'nav']);
  const user = useUser();
  const f = useUrlFilters(EXTRA);
  const view = (f.state.view || 'company') as View;
  const isSupervisor = user.role === 'supervisor';
  const needsSupervisor = view === 'agents' && !isSupervisor;
  const supervisor = needsSupervisor ? f.state.supervisor : '';
  const params = useMemo(() => ({ ...f.apiParams, supervisor_id: supervisor || undefined }), [f.apiParams, supervisor]);
  const blocked = needsSupervisor && !supervisor;
  const q = useSalesReport(ENDPOINT[view], params, !blocked);
  const data = q.data;
  const currency = data?.currency ?? f.display.currency;
  const summary = useFigureSummary();
  const labels = useFilterLabels(f.state);
  const supervisors = useSupervisorOptions(f.apiParams, needsSupervisor);
  const supervisorName = supervisors?.find((s) => String(s.id) === supervisor)?.name;
  const grouping = GROUPING[view];
  const columns = useMemo(() => salesColumns(grouping, (d) => fDay(d, i18n.language)), [grouping, i18n.language]);
  const title = t('nav:rapports_journalier');
  // A supervisor's third tab is its own agents.
  const viewLabel = (v: View) => t(v === 'agents' && isSupervisor ? 'partial.mine' : `partial.${v}`);
  const reset = () => f.update({ tirage: '', surcussale: '', agent: '' });

  return (
    <ReportPage<ReportRow, CurrencyTotals>
      title={`${title} — ${viewLabel(view)}`}
      subtitle={t(`subtitle.partial.${view}`)}
      header={
        <Tabs
          value={view}
          onChange={(_, next: View) => f.update({ view: next === 'company' ? '' : next })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('partial.label')}
          sx={{ mb: 2 }}
        >
          {PARTIAL_VIEWS.map((v) => (
            <Tab key={v} value={v} label={viewLabel(v)} />
          ))}
        </Tabs>
      }
      query={q}
      rows={blocked ? undefined : data?.rows}
      totals={blocked ? undefined : data?.totals_by_currency}
      period={data ? { start: data.start_date, end: data.end_date } : f.range}
      columns={columns}
      rowKey={(r) => `${r.key ?? 'none'}-${r.label}-${r.currency}`}
      summary={summary}
      currency={currency}
      csv={{ endpoint: reportEndpoints[ENDPOINT[view]], params, filename: `rapport-partiel-${view}.csv` }}
      printFilters={[
        ...(needsSupervisor ? [{ label: t('filters.supervisor'), value: supervisorName ?? `#${supervisor}` }] : []),
        ...labels,
      ]}
      blocked={blocked ? <Alert severity="info">{t('partial.chooseSupervisor')}</Alert> : undefined}
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
          {needsSupervisor ? (
            <SupervisorSelect
              value={f.state.supervisor}
              params={f.apiParams}
              onChange={(s) => f.update({ supervisor: s })}
            />
          ) : null}
        </PeriodFilters>
      }
      empty={{
        title: t(`empty.partial.${view}`),
        text: narrowed(f.state, NARROWING) ? t('empty.narrowed') : t('empty.period'),
      }}
    />
  );
}
