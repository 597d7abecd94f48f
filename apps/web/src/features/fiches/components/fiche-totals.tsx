import type { FicheCurrencyTotals, FicheTotals } from '@borlette/shared/contracts/fiches';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PercentOutlinedIcon from '@mui/icons-material/PercentOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SummaryCards } from '../../../components/summary-cards';
import { formatCount, formatMoney } from '../../../lib/format';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';
import type { FicheKind } from '../lib/fiche-filters';
import type { Tone } from '../lib/fiche-status';

type Key = 'count' | 'amount' | 'commission_amount' | 'win_amount' | 'paid_amount';

interface Item {
  key: Key;
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

/**
 * The sums of the filtered period (every matching ticket, not only the page): five small cards. Amounts
 * are never added across currencies: when the tickets are of several (the superuser's « Toutes »), one
 * row of cards per currency, each card naming it.
 */
export function FicheTotalsCards({
  kind,
  totals,
  loading,
}: {
  kind: FicheKind;
  totals: FicheTotals | undefined;
  loading: boolean;
}) {
  const d = useCompanyDisplay();
  if (totals && totals.by_currency.length > 1)
    return (
      <>
        {totals.by_currency.map((c) => (
          <TotalsRow key={c.currency} kind={kind} totals={c} currency={c.currency} named loading={loading} />
        ))}
      </>
    );
  const one = totals && { ...totals, ...totals.by_currency[0] };
  return (
    <TotalsRow
      kind={kind}
      totals={one as FicheCurrencyTotals | undefined}
      currency={totals?.currency ?? d.currency}
      named={false}
      loading={loading}
    />
  );
}

function TotalsRow({
  kind,
  totals,
  currency,
  named,
  loading,
}: {
  kind: FicheKind;
  totals: Pick<FicheCurrencyTotals, Key> | undefined;
  currency: string;
  /** Several currencies on the page: each card says which. */
  named: boolean;
  loading: boolean;
}) {
  const { t } = useTranslation('fiches');
  const d = useCompanyDisplay();
  // Cancelled and deleted tickets earn no commission and win nothing: their count and amount only.
  const items = kind === 'deleted' ? ITEMS.filter((i) => i.key === 'count' || i.key === 'amount') : ITEMS;
  const format = (key: Key, value: number | undefined) =>
    value === undefined
      ? null
      : key === 'count'
        ? formatCount(value, d.language)
        : formatMoney(value, currency, d.language);
  const label = (key: Key) => {
    const text = t(kind === 'deleted' && key === 'amount' ? 'totals.deletedAmount' : `totals.${key}`);
    return named ? `${text} · ${currency}` : text;
  };
  return (
    <SummaryCards
      label={named ? `${t('totals.label')} · ${currency}` : t('totals.label')}
      loading={loading}
      // The deleted list's two cards: a grid of four on desktops rather than two wide cards.
      columns={items.length < 5 ? 4 : 5}
      items={items.map(({ key, icon, tone }) => ({
        key,
        icon,
        tone,
        label: label(key),
        value: format(key, totals?.[key]),
      }))}
    />
  );
}
