import Email from '@mui/icons-material/Email';
import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import Phone from '@mui/icons-material/Phone';
import Place from '@mui/icons-material/Place';
import WhatsApp from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../components/brand-logo';
import { CONTACT } from '../constants';
import { accent, fade, pal } from '../theme-utils';

const SOCIALS = [
  { key: 'facebook', icon: <Facebook />, href: '#' },
  { key: 'instagram', icon: <Instagram />, href: '#' },
  { key: 'whatsapp', icon: <WhatsApp />, href: '#' },
  { key: 'x', icon: <XIcon />, href: '#' },
] as const;

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      sx={{ color: 'text.secondary', typography: 'body2', '&:hover': { color: 'text.primary' } }}
    >
      {children}
    </Link>
  );
}

function ColumnTitle({ children }: { children: ReactNode }) {
  return (
    <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, mb: 2, color: 'text.primary' }}>
      {children}
    </Typography>
  );
}

export function Footer() {
  const { t } = useTranslation('public');
  const year = new Date().getFullYear();

  return (
    <Box
      component="footer"
      sx={(theme) => ({
        mt: 'auto',
        borderTop: `1px solid ${pal(theme).divider}`,
        backgroundColor: fade(theme, pal(theme).primary.main, 0.03),
        ...theme.applyStyles('dark', { backgroundColor: fade(theme, pal(theme).common.black, 0.25) }),
      })}
    >
      <Container maxWidth="lg" sx={{ pt: { xs: 6, md: 8 }, pb: 4 }}>
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <BrandLogo />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2, maxWidth: 320 }}>
              {t('brand.tagline')}
            </Typography>
            <Box component="nav" aria-label={t('footer.social')} sx={{ mt: 2.5 }}>
              <Stack direction="row" spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {SOCIALS.map((s) => (
                  <li key={s.key}>
                    <IconButton
                      component="a"
                      href={s.href}
                      aria-label={t(`footer.${s.key}`)}
                      size="small"
                      sx={(theme) => ({
                        color: 'text.secondary',
                        border: `1px solid ${pal(theme).divider}`,
                        '&:hover': { color: accent, borderColor: pal(theme).primary.main },
                      })}
                    >
                      {s.icon}
                    </IconButton>
                  </li>
                ))}
              </Stack>
            </Box>
          </Grid>

          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <ColumnTitle>{t('footer.product')}</ColumnTitle>
            <Stack spacing={1.25}>
              <FooterLink to="/#features">{t('footer.features')}</FooterLink>
              <FooterLink to="/#how-it-works">{t('footer.howItWorks')}</FooterLink>
              <FooterLink to="/faqs">{t('nav.faqs')}</FooterLink>
            </Stack>
          </Grid>

          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <ColumnTitle>{t('footer.company')}</ColumnTitle>
            <Stack spacing={1.25}>
              <FooterLink to="/about-us">{t('nav.about')}</FooterLink>
              <FooterLink to="/contact-us">{t('nav.contact')}</FooterLink>
              <FooterLink to="/auth/login">{t('nav.login')}</FooterLink>
            </Stack>
          </Grid>

          <Grid size={{ xs: 12, sm: 4, md: 4 }}>
            <ColumnTitle>{t('footer.contactTitle')}</ColumnTitle>
            <Stack component="address" spacing={1.5} sx={{ fontStyle: 'normal' }}>
              <ContactLine icon={<Email fontSize="small" />}>
                <Link href={`mailto:${CONTACT.email}`} underline="hover" color="inherit">
                  {CONTACT.email}
                </Link>
              </ContactLine>
              <ContactLine icon={<Phone fontSize="small" />}>
                <Link href={CONTACT.phoneHref} underline="hover" color="inherit">
                  {CONTACT.phone}
                </Link>
              </ContactLine>
              <ContactLine icon={<Place fontSize="small" />}>{t('footer.address')}</ContactLine>
            </Stack>
          </Grid>
        </Grid>

        <Divider sx={{ my: 4 }} />

        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('footer.copyright', { year })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('footer.madeIn')}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', color: 'text.secondary', typography: 'body2' }}>
      <Box sx={{ display: 'flex', color: accent }} aria-hidden>
        {icon}
      </Box>
      <span>{children}</span>
    </Stack>
  );
}
