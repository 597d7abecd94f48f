import Email from '@mui/icons-material/Email';
import Phone from '@mui/icons-material/Phone';
import Place from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '../components/contact-form';
import { PageHero } from '../components/page-hero';
import { useDocumentTitle } from '../components/use-document-title';
import { CONTACT } from '../constants';
import { accent, fade, pal } from '../theme-utils';

function InfoItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={(theme) => ({
          flexShrink: 0,
          width: 44,
          height: 44,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          color: accent,
          bgcolor: fade(theme, pal(theme).primary.main, 0.1),
        })}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, display: 'block' }}>
          {label}
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{children}</Typography>
      </Box>
    </Stack>
  );
}

export default function ContactPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('nav.contact'));
  return (
    <>
      <PageHero eyebrow={t('contact.eyebrow')} title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
              {t('contact.info.title')}
            </Typography>
            <Stack component="address" spacing={3} sx={{ fontStyle: 'normal' }}>
              <InfoItem icon={<Email />} label={t('contact.info.email')}>
                <Link href={`mailto:${CONTACT.email}`} underline="hover">
                  {CONTACT.email}
                </Link>
              </InfoItem>
              <InfoItem icon={<Phone />} label={t('contact.info.phone')}>
                <Link href={CONTACT.phoneHref} underline="hover">
                  {CONTACT.phone}
                </Link>
              </InfoItem>
              <InfoItem icon={<Place />} label={t('contact.info.address')}>
                {t('footer.address')}
              </InfoItem>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Paper
              elevation={0}
              sx={(theme) => ({
                p: { xs: 2.5, sm: 4 },
                borderRadius: 4,
                border: `1px solid ${pal(theme).divider}`,
                boxShadow: `0 24px 48px -32px ${fade(theme, pal(theme).primary.main, 0.45)}`,
              })}
            >
              <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
                {t('contact.form.title')}
              </Typography>
              <ContactForm />
            </Paper>
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
