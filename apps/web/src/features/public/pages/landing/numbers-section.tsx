import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import LockPerson from '@mui/icons-material/LockPerson';
import ManageSearch from '@mui/icons-material/ManageSearch';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOTTERIES, PUBLIC_LANGUAGES } from '../../constants';
import { fade, pal } from '../../theme-utils';

/** Capability facts (counts of what the product does), not business statistics. */
const NUMBERS = [
  { key: 'lotteries', value: LOTTERIES.length },
  { key: 'primeLevels', value: 4 }, // global, per draw, per agent, per sub-branch
  { key: 'dashboards', value: 6 }, // daily, draws, tickets, lotto, gains, GPC
  { key: 'languages', value: PUBLIC_LANGUAGES.length },
] as const;

const TRUST: { key: string; icon: ReactNode }[] = [
  { key: 'permissions', icon: <AdminPanelSettings /> },
  { key: 'audit', icon: <ManageSearch /> },
  { key: 'control', icon: <LockPerson /> },
];

export function NumbersSection() {
  const { t } = useTranslation('public');
  return (
    <Box component="section" aria-labelledby="numbers-title" sx={{ py: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <Box
          sx={(theme) => ({
            position: 'relative',
            overflow: 'hidden',
            borderRadius: { xs: 3, md: 4 },
            px: { xs: 3, md: 6 },
            py: { xs: 5, md: 6 },
            color: pal(theme).common.white,
            backgroundColor: pal(theme).grey[900],
            ...theme.applyStyles('dark', { border: `1px solid ${pal(theme).divider}` }),
            backgroundImage: `radial-gradient(70% 120% at 0% 0%, ${fade(theme, pal(theme).primary.main, 0.55)} 0%, transparent 60%), radial-gradient(60% 120% at 100% 100%, ${fade(theme, pal(theme).info.main, 0.35)} 0%, transparent 60%)`,
          })}
        >
          <Typography
            variant="overline"
            sx={{ fontWeight: 700, letterSpacing: '0.12em', opacity: 0.8, display: 'block' }}
          >
            {t('landing.numbers.eyebrow')}
          </Typography>
          <Typography
            id="numbers-title"
            component="h2"
            sx={{
              fontWeight: 800,
              fontSize: { xs: '1.625rem', md: '2.25rem' },
              lineHeight: 1.2,
              letterSpacing: '-0.02em',
              maxWidth: 640,
            }}
          >
            {t('landing.numbers.title')}
          </Typography>
          <Grid component="dl" container spacing={{ xs: 3, md: 4 }} sx={{ mt: { xs: 3, md: 5 }, mb: 0 }}>
            {NUMBERS.map((n) => (
              <Grid key={n.key} size={{ xs: 12, sm: 6, md: 3 }} sx={{ display: 'flex', flexDirection: 'column' }}>
                <Typography
                  component="dt"
                  sx={{
                    fontWeight: 800,
                    fontSize: { xs: '2.5rem', md: '3rem' },
                    lineHeight: 1,
                    letterSpacing: '-0.03em',
                  }}
                >
                  {n.value}
                </Typography>
                <Typography component="dd" sx={{ m: 0, mt: 1, opacity: 0.8, fontSize: '0.9375rem', lineHeight: 1.6 }}>
                  {t(`landing.numbers.${n.key}`)}
                </Typography>
              </Grid>
            ))}
          </Grid>
        </Box>

        <Typography
          component="h2"
          sx={{
            mt: { xs: 8, md: 10 },
            textAlign: 'center',
            fontWeight: 800,
            lineHeight: 1.25,
            fontSize: { xs: '1.5rem', md: '2rem' },
          }}
        >
          {t('landing.trust.title')}
        </Typography>
        <Grid container spacing={{ xs: 3, md: 4 }} sx={{ mt: { xs: 3, md: 5 } }}>
          {TRUST.map((item) => (
            <Grid key={item.key} size={{ xs: 12, md: 4 }}>
              <Stack direction="row" spacing={2}>
                <Box
                  aria-hidden
                  sx={(theme) => ({
                    flexShrink: 0,
                    width: 44,
                    height: 44,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    color: 'success.main',
                    bgcolor: fade(theme, pal(theme).success.main, 0.12),
                  })}
                >
                  {item.icon}
                </Box>
                <Box>
                  <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.0625rem' }}>
                    {t(`landing.trust.${item.key}.title`)}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 0.75, color: 'text.secondary', lineHeight: 1.7 }}>
                    {t(`landing.trust.${item.key}.description`)}
                  </Typography>
                </Box>
              </Stack>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
