import type { FicheTotals } from '@borlette/shared/contracts/fiches';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PercentOutlinedIcon from '@mui/icons-material/PercentOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SummaryCards } from '../../../components/summary-cards';
import { formatMoney } from '../../../lib/money';
import type { FicheKind } from '../lib/fiche-filters';
import type { Tone } from '../lib/fiche-status';
import { useCompanyDisplay } from './fiche-bits';

interface Item {
  key: keyof FicheTotals;
  icon: ReactNode;
  tone: Tone;
}

const ITEMS: Item[] = [
  { key: 'count', icon: <ReceiptLongOutlinedIcon />, tone: 'info' },
  { key: 'amount', icon: <PointOfSaleOutlinedIcon />, tone: 'success' },
  { key: 'commission_amount', icon: <PercentOutlinedIcon />, tone: 'warning' },
  { key: 'win_amount', icon: <EmojiEventsOutlinedIcon />, tone: 'error' },
  { key: 'paid_amount', icon: <PaymentsOutlinedIcon />, tone: 'secondary' },
];

/** The sums of the filtered period (every matching ticket, not only the page): five small cards. */
export function FicheTotalsCards({
  kind,
  totals,
  loading,
}: {
  kind: FicheKind;
  totals: FicheTotals | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('fiches');
  const d = useCompanyDisplay();
  // Cancelled and deleted tickets earn no commission and win nothing: their count and amount only.
  const items = kind === 'deleted' ? ITEMS.filter((i) => i.key === 'count' || i.key === 'amount') : ITEMS;
  const format = (key: keyof FicheTotals, value: number | undefined) =>
    value === undefined
      ? null
      : key === 'count'
        ? new Intl.NumberFormat(d.language === 'ht' ? 'fr' : d.language).format(value)
        : formatMoney(value, d.currency, d.language);
  return (
    <SummaryCards
      label={t('totals.label')}
      loading={loading}
      // The deleted list's two cards: a grid of four on desktops rather than two wide cards.
      columns={items.length < 5 ? 4 : 5}
      items={items.map(({ key, icon, tone }) => ({
        key,
        icon,
        tone,
        label: t(kind === 'deleted' && key === 'amount' ? 'totals.deletedAmount' : `totals.${key}`),
        value: format(key, totals?.[key]),
      }))}
    />
  );
}
