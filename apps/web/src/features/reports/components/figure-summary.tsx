import type { AgentReportTotals, Figures } from '@borlette/shared/contracts/reports';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import BalanceOutlinedIcon from '@mui/icons-material/BalanceOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PercentOutlinedIcon from '@mui/icons-material/PercentOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { useBalanceLook } from '../../../components/balance-figure';
import type { SummaryItem } from '../../../components/summary-cards';
import { formatCount, formatMoney } from '../../../lib/format';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';

/** A balance card: signed, coloured and labelled (Doit / Défisi / À jour) as on every money screen. */
function useBalanceItem() {
  const look = useBalanceLook();
  return (key: string, label: string, value: number | undefined, currency: string): SummaryItem => {
    const l = value === undefined ? undefined : look(value, currency);
    return {
      key,
      label,
      value: l ? l.text : null,
      icon: key === 'to_collect' ? <AccountBalanceWalletOutlinedIcon /> : <BalanceOutlinedIcon />,
      tone: 'info',
      valueColor: l?.color,
      caption: l?.label,
    };
  };
}

/** Tickets, ventes, commission, paiements and balance of the period (one currency's totals). */
export function useFigureSummary(): (totals: Figures | undefined, currency: string) => SummaryItem[] {
  const { t } = useTranslation('reports');
  const d = useCompanyDisplay();
  const balance = useBalanceItem();
  return (totals, currency) => {
    const money = (v: number | undefined) => (v === undefined ? null : formatMoney(v, currency, d.language));
    return [
      {
        key: 'tickets',
        label: t('columns.tickets'),
        value: totals ? formatCount(totals.tickets, d.language) : null,
        icon: <ReceiptLongOutlinedIcon />,
        tone: 'info',
      },
      {
        key: 'sales',
        label: t('columns.sales'),
        value: money(totals?.sales),
        icon: <PointOfSaleOutlinedIcon />,
        tone: 'success',
      },
      {
        key: 'commission',
        label: t('columns.commission'),
        value: money(totals?.commission),
        icon: <PercentOutlinedIcon />,
        tone: 'warning',
      },
      {
        key: 'payouts',
        label: t('columns.payouts'),
        value: money(totals?.payouts),
        icon: <PaymentsOutlinedIcon />,
        tone: 'secondary',
      },
      balance('balance', t('columns.balancePeriod'), totals?.balance, currency),
    ];
  };
}

/** Ventes, paiements, balance, movements and what is left to collect (agent control). */
export function useAgentSummary(): (totals: AgentReportTotals | undefined, currency: string) => SummaryItem[] {
  const { t } = useTranslation('reports');
  const d = useCompanyDisplay();
  const balance = useBalanceItem();
  return (totals, currency) => {
    const money = (v: number | undefined) => (v === undefined ? null : formatMoney(v, currency, d.language));
    const moves = totals ? totals.deposits + totals.withdrawals + totals.adjustments + totals.zero : undefined;
    return [
      {
        key: 'sales',
        label: t('columns.sales'),
        value: money(totals?.sales),
        icon: <PointOfSaleOutlinedIcon />,
        tone: 'success',
      },
      {
        key: 'payouts',
        label: t('columns.payouts'),
        value: money(totals?.payouts),
        icon: <PaymentsOutlinedIcon />,
        tone: 'secondary',
      },
      balance('balance', t('columns.balancePeriod'), totals?.balance, currency),
      {
        key: 'moves',
        label: t('columns.moves'),
        value: money(moves),
        icon: <AccountBalanceWalletOutlinedIcon />,
        tone: 'grey',
      },
      balance('to_collect', t('columns.toCollect'), totals?.to_collect, currency),
    ];
  };
}
