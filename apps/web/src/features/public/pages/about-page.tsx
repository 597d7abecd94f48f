import Email from '@mui/icons-material/Email';
import Handshake from '@mui/icons-material/Handshake';
import Lightbulb from '@mui/icons-material/Lightbulb';
import Verified from '@mui/icons-material/Verified';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CtaBand } from '../components/cta-band';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { useDocumentTitle } from '../components/use-document-title';
import { accent, fade, pal } from '../theme-utils';

const VALUES: { key: string; icon: ReactNode }[] = [
  { key: 'reliability', icon: <Verified /> },
  { key: 'transparency', icon: <Visibility /> },
  { key: 'proximity', icon: <Handshake /> },
  { key: 'simplicity', icon: <Lightbulb /> },
];

export default function AboutPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('nav.about'));
  return (
    <>
      <PageHero eyebrow={t('about.eyebrow')} title={t('about.title')} subtitle={t('about.subtitle')} />

      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        <Grid container spacing={{ xs: 3, md: 4 }}>
          {(['mission', 'offer'] as const).map((k) => (
            <Grid key={k} size={{ xs: 12, md: 6 }}>
              <Box
                component="article"
                sx={(theme) => ({
                  height: '100%',
                  p: { xs: 3, md: 4 },
                  borderRadius: 4,
                  border: `1px solid ${pal(theme).divider}`,
                  bgcolor: 'background.paper',
                  borderTop: `4px solid ${pal(theme).primary.main}`,
                })}
              >
                <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
                  {t(`about.${k}.title`)}
                </Typography>
                <Typography sx={{ mt: 2, color: 'text.secondary', lineHeight: 1.8 }}>{t(`about.${k}.body`)}</Typography>
              </Box>
            </Grid>
          ))}
        </Grid>

        <Box component="section" aria-labelledby="values-title" sx={{ mt: { xs: 8, md: 12 } }}>
          <SectionHeading id="values-title" title={t('about.valuesTitle')} />
          <Grid container spacing={{ xs: 2, md: 3 }} sx={{ mt: { xs: 4, md: 6 } }}>
            {VALUES.map((v) => (
              <Grid key={v.key} size={{ xs: 12, sm: 6, md: 3 }}>
                <Box sx={{ textAlign: { xs: 'left', md: 'center' }, px: { md: 1 } }}>
                  <Box
                    aria-hidden
                    sx={(theme) => ({
                      width: 56,
                      height: 56,
                      mx: { md: 'auto' },
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      color: accent,
                      bgcolor: fade(theme, pal(theme).primary.main, 0.1),
                    })}
                  >
                    {v.icon}
                  </Box>
                  <Typography component="h3" sx={{ mt: 2, fontWeight: 700, fontSize: '1.125rem' }}>
                    {t(`about.values.${v.key}.title`)}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', lineHeight: 1.7 }}>
                    {t(`about.values.${v.key}.description`)}
                  </Typography>
                </Box>
              </Grid>
            ))}
          </Grid>
        </Box>
      </Container>

      <CtaBand
        title={t('about.cta.title')}
        subtitle={t('about.cta.subtitle')}
        primary={{ label: t('about.cta.button'), to: '/contact-us', icon: <Email /> }}
      />
    </>
  );
}
