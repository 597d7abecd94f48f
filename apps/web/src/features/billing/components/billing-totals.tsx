import type { FacturationsPage } from '@borlette/shared/contracts/billing';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { Tone } from '../lib/invoice-status';
import { toneColors } from './billing-chips';

type Totals = FacturationsPage['totals'];
const ITEMS: { key: 'amount' | 'paid' | 'unpaid'; icon: ReactNode; tone: Tone }[] = [
  { key: 'amount', icon: <ReceiptLongOutlinedIcon />, tone: 'info' },
  { key: 'paid', icon: <CheckCircleOutlineIcon />, tone: 'success' },
  { key: 'unpaid', icon: <ErrorOutlineIcon />, tone: 'warning' },
];

/** Billed, paid and unpaid over every invoice of the filters (not only the page). */
export function BillingTotals({ totals, loading }: { totals: Totals | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <Box
      component="section"
      aria-label={t('totals.label')}
      aria-busy={loading}
      sx={{ mb: 3, display: 'grid', gap: { xs: 1.5, md: 2 }, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}
    >
      {ITEMS.map((item) => {
        const value = totals?.[item.key];
        const text = value === undefined || !totals ? null : formatMoney(value, totals.currency, i18n.language);
        return (
          <Card key={item.key} sx={{ p: { xs: 1.5, md: 2.5 }, minWidth: 0 }}>
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
                    display: { xs: 'none', sm: 'flex' },
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
                {t(`totals.${item.key}`)}
              </Typography>
            </Box>
            <Typography
              variant="h6"
              component="p"
              sx={{
                fontSize: { xs: '0.95rem', sm: '1.25rem' },
                fontVariantNumeric: 'tabular-nums',
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
