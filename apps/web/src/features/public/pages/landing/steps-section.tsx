import PhoneAndroid from '@mui/icons-material/PhoneAndroid';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Tune from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../components/section-heading';
import { accent, fade, pal } from '../../theme-utils';

const STEPS: { key: string; icon: ReactNode }[] = [
  { key: 'configure', icon: <Tune /> },
  { key: 'sell', icon: <PhoneAndroid /> },
  { key: 'follow', icon: <TrendingUp /> },
];

export function StepsSection() {
  const { t } = useTranslation('public');
  return (
    <Box
      component="section"
      id="how-it-works"
      aria-labelledby="steps-title"
      sx={(theme) => ({
        py: { xs: 8, md: 12 },
        scrollMarginTop: 64,
        bgcolor: fade(theme, pal(theme).primary.main, 0.04),
        borderTop: `1px solid ${pal(theme).divider}`,
        borderBottom: `1px solid ${pal(theme).divider}`,
      })}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="steps-title"
          eyebrow={t('landing.steps.eyebrow')}
          title={t('landing.steps.title')}
          subtitle={t('landing.steps.subtitle')}
        />
        <Grid
          component="ol"
          container
          spacing={{ xs: 3, md: 4 }}
          sx={{ mt: { xs: 5, md: 7 }, p: 0, listStyle: 'none' }}
        >
          {STEPS.map((s, i) => (
            <Grid component="li" key={s.key} size={{ xs: 12, md: 4 }} sx={{ position: 'relative' }}>
              {i < STEPS.length - 1 && (
                <Box
                  aria-hidden
                  sx={(theme) => ({
                    display: { xs: 'none', md: 'block' },
                    position: 'absolute',
                    top: 28,
                    left: 'calc(56px + 16px)',
                    right: -16,
                    borderTop: `2px dashed ${fade(theme, pal(theme).primary.main, 0.3)}`,
                  })}
                />
              )}
              <Stack direction={{ xs: 'row', md: 'column' }} spacing={{ xs: 2, md: 2.5 }}>
                <Box
                  aria-hidden
                  sx={(theme) => ({
                    position: 'relative',
                    flexShrink: 0,
                    width: 56,
                    height: 56,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    color: pal(theme).primary.contrastText,
                    backgroundImage: `linear-gradient(135deg, ${pal(theme).primary.light}, ${pal(theme).primary.dark})`,
                    boxShadow: `0 12px 24px -12px ${fade(theme, pal(theme).primary.main, 0.7)}`,
                  })}
                >
                  {s.icon}
                </Box>
                <Box>
                  <Typography
                    variant="overline"
                    sx={{ color: accent, fontWeight: 700, letterSpacing: '0.1em', lineHeight: 1.5 }}
                  >
                    {t('landing.steps.stepLabel', { number: i + 1 })}
                  </Typography>
                  <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.25rem', mt: 0.5 }}>
                    {t(`landing.steps.${s.key}.title`)}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary', mt: 1, lineHeight: 1.7 }}>
                    {t(`landing.steps.${s.key}.description`)}
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
