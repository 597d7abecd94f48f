import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Block from '@mui/icons-material/Block';
import Business from '@mui/icons-material/Business';
import EventAvailable from '@mui/icons-material/EventAvailable';
import Insights from '@mui/icons-material/Insights';
import Payments from '@mui/icons-material/Payments';
import PointOfSale from '@mui/icons-material/PointOfSale';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../components/section-heading';
import { accent, fade, pal } from '../../theme-utils';

const FEATURES: { key: string; icon: ReactNode }[] = [
  { key: 'companies', icon: <Business /> },
  { key: 'draws', icon: <EventAvailable /> },
  { key: 'primes', icon: <Payments /> },
  { key: 'limits', icon: <Block /> },
  { key: 'pos', icon: <PointOfSale /> },
  { key: 'reports', icon: <Insights /> },
  { key: 'wallet', icon: <AccountBalanceWallet /> },
  { key: 'billing', icon: <ReceiptLong /> },
];

export function FeaturesSection() {
  const { t } = useTranslation('public');
  return (
    <Box
      component="section"
      id="features"
      aria-labelledby="features-title"
      sx={{ py: { xs: 8, md: 12 }, scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="features-title"
          eyebrow={t('landing.features.eyebrow')}
          title={t('landing.features.title')}
          subtitle={t('landing.features.subtitle')}
        />
        <Grid container spacing={{ xs: 2, md: 3 }} sx={{ mt: { xs: 5, md: 7 } }}>
          {FEATURES.map((f) => (
            <Grid key={f.key} size={{ xs: 12, sm: 6, lg: 3 }}>
              <Box
                component="article"
                sx={(theme) => ({
                  height: '100%',
                  p: 3,
                  borderRadius: 3,
                  border: `1px solid ${pal(theme).divider}`,
                  bgcolor: 'background.paper',
                  transition: theme.transitions.create(['transform', 'box-shadow', 'border-color']),
                  '&:hover': {
                    transform: 'translateY(-4px)',
                    borderColor: fade(theme, pal(theme).primary.main, 0.4),
                    boxShadow: `0 20px 40px -24px ${fade(theme, pal(theme).primary.main, 0.5)}`,
                  },
                  '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
                })}
              >
                <Box
                  aria-hidden
                  sx={(theme) => ({
                    width: 48,
                    height: 48,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    color: accent,
                    bgcolor: fade(theme, pal(theme).primary.main, 0.1),
                  })}
                >
                  {f.icon}
                </Box>
                <Typography component="h3" sx={{ mt: 2.5, fontWeight: 700, fontSize: '1.125rem' }}>
                  {t(`landing.features.${f.key}.title`)}
                </Typography>
                <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', lineHeight: 1.7 }}>
                  {t(`landing.features.${f.key}.description`)}
                </Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
