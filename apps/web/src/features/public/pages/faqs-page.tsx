import Email from '@mui/icons-material/Email';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FaqAccordion } from '../components/faq-accordion';
import { PageHero } from '../components/page-hero';
import { useDocumentTitle } from '../components/use-document-title';
import { FAQ_KEYS } from '../constants';
import { fade, pal } from '../theme-utils';

export default function FaqsPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('faqs.title'));
  return (
    <>
      <PageHero eyebrow={t('faqs.eyebrow')} title={t('faqs.title')} subtitle={t('faqs.subtitle')} />
      <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
        <FaqAccordion keys={FAQ_KEYS} defaultOpen="tirage" />
        <Box
          component="aside"
          aria-labelledby="faq-more-title"
          sx={(theme) => ({
            mt: { xs: 5, md: 7 },
            p: { xs: 3, sm: 4 },
            borderRadius: 4,
            textAlign: 'center',
            bgcolor: fade(theme, pal(theme).primary.main, 0.06),
            border: `1px solid ${fade(theme, pal(theme).primary.main, 0.2)}`,
          })}
        >
          <Typography id="faq-more-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {t('faqs.more.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('faqs.more.subtitle')}</Typography>
          <Stack direction="row" sx={{ justifyContent: 'center', mt: 3 }}>
            <Button component={RouterLink} to="/contact-us" variant="contained" size="large" startIcon={<Email />}>
              {t('faqs.more.button')}
            </Button>
          </Stack>
        </Box>
      </Container>
    </>
  );
}
