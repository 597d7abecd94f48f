import type { FicheTotals } from '@borlette/shared/contracts/fiches';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PercentOutlinedIcon from '@mui/icons-material/PercentOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import type { FicheKind } from '../lib/fiche-filters';
import type { Tone } from '../lib/fiche-status';
import { toneColors, useCompanyDisplay } from './fiche-bits';

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
  return (
    <Box
      component="section"
      aria-label={t('totals.label')}
      aria-busy={loading}
      sx={{
        mb: 3,
        display: 'grid',
        gap: { xs: 1.5, md: 2 },
        gridTemplateColumns:
          items.length < 5
            ? { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }
            : { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      {items.map((item, i) => {
        const value = totals?.[item.key];
        const text =
          value === undefined
            ? null
            : item.key === 'count'
              ? new Intl.NumberFormat(d.language === 'ht' ? 'fr' : d.language).format(value)
              : formatMoney(value, d.currency, d.language);
        return (
          <Card
            key={item.key}
            sx={{
              p: { xs: 1.5, md: 2 },
              minWidth: 0,
              ...(i === 0 && items.length % 2 === 1 && { gridColumn: { xs: '1 / -1', sm: 'auto' } }),
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <Box
                aria-hidden
                sx={(theme) => {
                  const c = toneColors(theme, item.tone);
                  return {
                    width: 28,
                    height: 28,
                    flexShrink: 0,
                    borderRadius: 1,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    color: c.text,
                    bgcolor: alpha(c.main, 0.14),
                    '& svg': { fontSize: 18 },
                  };
                }}
              >
                {item.icon}
              </Box>
              <Typography variant="caption" component="h2" sx={{ color: 'text.secondary', fontWeight: 600 }} noWrap>
                {t(kind === 'deleted' && item.key === 'amount' ? 'totals.deletedAmount' : `totals.${item.key}`)}
              </Typography>
            </Box>
            <Typography
              variant="subtitle1"
              component="p"
              sx={{
                fontWeight: 700,
                fontVariantNumeric: 'tabular-nums',
                lineHeight: 1.5,
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              }}
              title={text ?? undefined}
            >
              {text ?? (loading ? <Skeleton width={90} /> : '—')}
            </Typography>
          </Card>
        );
      })}
    </Box>
  );
}
