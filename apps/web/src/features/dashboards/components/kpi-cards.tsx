import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PercentOutlinedIcon from '@mui/icons-material/PercentOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BalanceFigure } from '../../../components/balance-figure';
import { formatCount } from '../../../lib/format';
import { type DashboardKpis, isForbidden } from '../api/dashboards';
import { percent } from '../lib/format';
import { type CardTone, InfoCard } from './info-card';

interface Kpi {
  key: string;
  icon: ReactNode;
  color: CardTone;
  value: (k: DashboardKpis) => ReactNode;
  caption?: (k: DashboardKpis) => string | null;
}

/** The figures of the period (GET /api/companies/app): hidden when the server refuses them (403). */
export function KpiCards({ query, money }: { query: UseQueryResult<DashboardKpis>; money: (c: number) => string }) {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.resolvedLanguage ?? 'fr';
  if (isForbidden(query.error)) return null;
  if (query.isError && !query.data)
    return (
      <Alert
        severity="error"
        variant="outlined"
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('error')}
      </Alert>
    );

  const kpis: Kpi[] = [
    {
      key: 'sales',
      icon: <PointOfSaleOutlinedIcon />,
      color: 'primary',
      value: (k) => money(k.sales),
      caption: (k) =>
        k.cancelled > 0 ? t('kpi.cancelled', { count: k.cancelled, amount: money(k.cancelled_amount) }) : null,
    },
    {
      key: 'payouts',
      icon: <PaymentsOutlinedIcon />,
      color: 'error',
      value: (k) => money(k.payouts),
      caption: (k) => t('kpi.wins', { amount: money(k.wins) }),
    },
    {
      key: 'commission',
      icon: <PercentOutlinedIcon />,
      color: 'info',
      value: (k) => money(k.commission),
      caption: (k) => t('kpi.rate', { rate: percent(k.commission, k.sales, lang) }),
    },
    {
      // Issue 20 §3: what the supervisors earn on these sales (a supervisor: its own), as the reports sum it.
      key: 'supervisorCommission',
      icon: <PercentOutlinedIcon />,
      color: 'secondary',
      value: (k) => money(k.supervisor_commission),
      caption: (k) => t('kpi.rate', { rate: percent(k.supervisor_commission, k.sales, lang) }),
    },
    {
      key: 'net',
      icon: <AccountBalanceWalletOutlinedIcon />,
      // The period's balance, drawn as on every money screen (sign, colour, Doit / Défisi / À jour).
      color: query.data && query.data.net < 0 ? 'error' : 'success',
      value: (k) => <BalanceFigure value={k.net} currency={k.currency} variant="inherit" />,
      caption: () => t('kpi.netHint'),
    },
    {
      key: 'tickets',
      icon: <ReceiptLongOutlinedIcon />,
      color: 'secondary',
      value: (k) => formatCount(k.tickets, lang),
      caption: (k) => (k.tickets > 0 ? t('kpi.average', { amount: money(Math.round(k.sales / k.tickets)) }) : null),
    },
    {
      key: 'winners',
      icon: <EmojiEventsOutlinedIcon />,
      color: 'warning',
      value: (k) => formatCount(k.winners, lang),
      caption: (k) => t('kpi.paid', { count: k.paid }),
    },
    {
      key: 'agents',
      icon: <GroupsOutlinedIcon />,
      color: 'info',
      value: (k) => formatCount(k.active_agents, lang),
      caption: () => t('kpi.agentsHint'),
    },
  ];

  const data = query.data;
  return (
    <Box
      component="ul"
      aria-label={t('kpi.label')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 1.5, sm: 3 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {kpis.map((kpi) => (
        <li key={kpi.key}>
          <InfoCard
            icon={kpi.icon}
            color={kpi.color}
            title={t(`kpi.${kpi.key}`)}
            loading={!data}
            stale={query.isPlaceholderData}
            value={data ? kpi.value(data) : ''}
            caption={data ? kpi.caption?.(data) : null}
          />
        </li>
      ))}
    </Box>
  );
}
