import StoreIcon from '@mui/icons-material/StoreOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Shown instead of a create/edit page while the superuser looks at « Toutes »: the page writes into
 * one company, so it asks for it before anything is typed (lib/company-required.ts decides where).
 * `picker` is the company list (the shell's), passed in so that components/ imports no feature.
 */
export function CompanyRequired({ picker }: { picker: ReactNode }) {
  const { t } = useTranslation('components');
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', py: { xs: 3, md: 6 } }}>
      <Card sx={{ p: { xs: 2.5, md: 3 } }} role="region" aria-labelledby="company-required-title">
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
          <StoreIcon color="primary" />
          <Typography id="company-required-title" variant="h5" component="h1">
            {t('companyRequired.title')}
          </Typography>
        </Box>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('companyRequired.text')}</Typography>
        <Box sx={{ mx: -1, border: 1, borderColor: 'divider', borderRadius: 1.5 }}>{picker}</Box>
      </Card>
    </Box>
  );
}
