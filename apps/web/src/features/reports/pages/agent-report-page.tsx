import { type AgentReportRow, type AgentReportTotals, reportEndpoints } from '@borlette/shared/contracts/reports';
import { walletEndpoints } from '@borlette/shared/contracts/wallet';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PeriodFilters } from '../../../components/period-filters';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { narrowed } from '../../../lib/url-state';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useAgentReport } from '../api/reports';
import { useAgentSummary } from '../components/figure-summary';
import { ReportPage } from '../components/report-page';
import { useFilterLabels } from '../components/use-filter-labels';
import { agentColumnsFor } from '../lib/report-columns';

const NARROWING = ['tirage', 'surcussale', 'agent'];

/** The wallet entries of an agent for the same period (the page reads these params). */
export function walletLink(
  row: Pick<AgentReportRow, 'agent_id' | 'agent_name'>,
  range: { start: string; end: string },
) {
  const q = new URLSearchParams({ agent_id: String(row.agent_id), agent: row.agent_name });
  q.set('start_date', range.start);
  q.set('end_date', range.end);
  return `${paths.dashboard.transactions}?${q}`;
}

/**
 * /dashboard/rapports/agent and /dashboard/rapports/limiteFiche (view_report_agent; the spec:
 * « limiteFiche shows the agent report »): per agent its sales, payouts, balance, wallet movements
 * of the period and what is left to collect; an agent opens its wallet entries.
 */
export function AgentReportView({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['reports', 'nav']);
  const user = useUser();
  const f = useUrlFilters();
  const q = useAgentReport(f.apiParams);
  const data = q.data;
  const currency = data?.currency ?? f.display.currency;
  const summary = useAgentSummary();
  const labels = useFilterLabels(f.state);
  const canWallet = useCan(walletEndpoints.list) && !!user.company;
  const period = data ? { start: data.start_date, end: data.end_date } : f.range;
  const title = t(titleKey);
  const reset = () => f.update({ tirage: '', surcussale: '', agent: '' });

  const renderFirst = useCallback(
    (r: AgentReportRow) => {
      const caption = [r.agent_username, r.surcussale_name].filter(Boolean).join(' · ');
      return (
        <Box sx={{ minWidth: 0 }}>
          {canWallet ? (
            <Link
              component={RouterLink}
              to={walletLink(r, period)}
              underline="hover"
              aria-label={t('agent.openWallet', { name: r.agent_name || r.agent_username })}
              sx={{ fontWeight: 600 }}
            >
              {r.agent_name || r.agent_username}
            </Link>
          ) : (
            <span>{r.agent_name || r.agent_username}</span>
          )}
          {caption ? (
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', fontWeight: 400 }}>
              {caption}
            </Typography>
          ) : null}
        </Box>
      );
    },
    [canWallet, period, t],
  );

  return (
    <ReportPage<AgentReportRow, AgentReportTotals>
      title={title}
      subtitle={t(canWallet ? 'subtitle.agentWithWallet' : 'subtitle.agent')}
      query={q}
      rows={data?.rows}
      totals={data?.totals_by_currency}
      period={period}
      columns={agentColumnsFor(data?.rows)}
      rowKey={(r) => r.agent_id}
      renderFirst={renderFirst}
      summary={summary}
      currency={currency}
      csv={{ endpoint: reportEndpoints.agents, params: f.apiParams, filename: 'controle-vendeurs.csv' }}
      printFilters={labels}
      filters={
        <PeriodFilters
          state={f.state}
          range={f.range}
          problem={f.problem}
          today={f.today}
          onChange={f.update}
          show={{ tirage: true, surcussale: true, agent: true }}
          onReset={narrowed(f.state, NARROWING) ? reset : undefined}
        />
      }
      empty={{
        title: t('empty.agents'),
        text: narrowed(f.state, NARROWING) ? t('empty.narrowed') : t('empty.period'),
      }}
    />
  );
}

export default function AgentReportPage() {
  return <AgentReportView titleKey="nav:rapports_agent" />;
}
