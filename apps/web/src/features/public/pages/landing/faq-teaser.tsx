import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FaqAccordion } from '../../components/faq-accordion';
import { SectionHeading } from '../../components/section-heading';
import { FAQ_TEASER_KEYS } from '../../constants';

export function FaqTeaser() {
  const { t } = useTranslation('public');
  return (
    <Box component="section" aria-labelledby="faq-teaser-title" sx={{ pt: { xs: 2, md: 4 }, pb: { xs: 2, md: 4 } }}>
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 4, md: 8 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <SectionHeading
              align="left"
              id="faq-teaser-title"
              eyebrow={t('landing.faq.eyebrow')}
              title={t('landing.faq.title')}
              subtitle={t('landing.faq.subtitle')}
            />
            <Button
              component={RouterLink}
              to="/faqs"
              variant="outlined"
              size="large"
              endIcon={<ArrowForward />}
              sx={{ mt: 4, fontWeight: 700 }}
            >
              {t('landing.faq.seeAll')}
            </Button>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <FaqAccordion keys={FAQ_TEASER_KEYS} />
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
