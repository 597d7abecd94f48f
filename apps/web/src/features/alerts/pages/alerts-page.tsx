import {
  ALERT_KINDS,
  ALERT_SEVERITIES,
  ALERT_STATES,
  type Alert,
  alertEndpoints,
} from '@borlette/shared/contracts/alerts';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import MuiAlert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { AgentFilter, PeriodRange, RangeAlert } from '../../../components/filters';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { companyChosen, useCan } from '../../../lib/authorization';
import { rangeProblem, todayIn } from '../../../lib/day-range';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';
import { useUser } from '../../../lib/session/use-session';
import { alertKeys, useSetAlertState } from '../api/alerts';
import { alertColumns } from '../components/alert-columns';
import { AlertSettingsDialog } from '../components/alert-settings-dialog';
import { AlertStateDialog, type StateChange } from '../components/alert-state-dialog';

const filters: DataTableFilter[] = [
  {
    key: 'state',
    label: 'alerts:filters.state',
    options: ALERT_STATES.map((s) => ({ value: s, label: `alerts:states.${s}` })),
  },
  {
    key: 'kind',
    label: 'alerts:filters.kind',
    options: ALERT_KINDS.map((k) => ({ value: k, label: `alerts:kinds.${k}` })),
  },
  {
    key: 'severity',
    label: 'alerts:filters.severity',
    options: ALERT_SEVERITIES.map((s) => ({ value: s, label: `alerts:severities.${s}` })),
  },
];

/**
 * /dashboard/alerts (issue 22 §3): the anomalies the detectors raised, newest first, with their
 * evidence and tickets; mark seen, close with a note, reopen; the settings per kind.
 */
export default function AlertsPage() {
  const { t } = useTranslation(['alerts', 'nav']);
  const user = useUser();
  const canChange = useCan(alertEndpoints.setState);
  const canSettings = useCan(alertEndpoints.saveSettings);
  const seen = useSetAlertState();
  const [change, setChange] = useState<StateChange | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The day an alert was raised (the company's days), and the agent concerned; not sent while invalid.
  const display = useCompanyDisplay();
  const [period, setPeriod] = useState({ start: '', end: '' });
  const [agent, setAgent] = useState({ agent: '', agentLabel: '' });
  const problem = rangeProblem(period.start, period.end);
  const params = {
    start_date: problem ? undefined : period.start || undefined,
    end_date: problem ? undefined : period.end || undefined,
    agent_id: agent.agent || undefined,
  };

  const rowActions = (x: Alert): RowAction[] => [
    ...(x.state === 'new'
      ? [
          {
            key: 'seen',
            label: 'alerts:actions.seen',
            icon: <VisibilityIcon fontSize="small" />,
            onClick: () => seen.mutate({ alert: x, state: 'seen' }),
          },
        ]
      : []),
    ...(x.state !== 'closed'
      ? [
          {
            key: 'close',
            label: 'alerts:actions.closed',
            icon: <CheckIcon fontSize="small" />,
            onClick: () => setChange({ alert: x, state: 'closed' }),
          },
        ]
      : [
          {
            key: 'reopen',
            label: 'alerts:actions.new',
            icon: <ReplayIcon fontSize="small" />,
            onClick: () => setChange({ alert: x, state: 'new' }),
          },
        ]),
  ];

  return (
    <>
      <PageHeader
        title={t('nav:alerts')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:alerts') }]}
        action={
          canSettings && companyChosen(user) ? (
            <Button variant="outlined" startIcon={<SettingsIcon />} onClick={() => setSettingsOpen(true)}>
              {t('settings.open')}
            </Button>
          ) : undefined
        }
      />
      {companyChosen(user) ? null : (
        <MuiAlert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </MuiAlert>
      )}
      <DataTable<Alert>
        queryKey={alertKeys.list}
        endpoint={alertEndpoints.list}
        columns={alertColumns}
        rowKey={(x) => x.id}
        rowActions={canChange && companyChosen(user) ? rowActions : undefined}
        rowLabel={(x) => t('rowActions', { kind: t(`kinds.${x.kind}`) })}
        filters={filters}
        toolbar={
          <>
            <PeriodRange
              ns="alerts"
              range={period}
              problem={problem}
              today={todayIn(display.timeZone)}
              onChange={setPeriod}
            />
            <AgentFilter ns="alerts" filters={{ ...agent, surcussale: '' }} onChange={setAgent} />
            <RangeAlert ns="alerts" problem={problem} />
          </>
        }
        params={params}
        searchPlaceholder="alerts:search"
        defaultSort="created_at"
        defaultOrder="desc"
        csv
        csvFilename="alertes.csv"
        ariaLabel={t('nav:alerts')}
        empty={{ title: t('empty.title'), text: t('empty.text') }}
      />
      <AlertStateDialog change={change} onClose={() => setChange(null)} />
      <AlertSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} currency={display.currency} />
    </>
  );
}
