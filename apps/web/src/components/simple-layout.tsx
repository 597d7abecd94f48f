import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';
import { Logo } from './logo';
import { LazySettingsDrawer } from './settings/lazy-settings-drawer';
import { SettingsButton } from './settings/settings-button';

/** A bare page frame (brand + settings) for the few public screens outside the landing layout. */
export function SimpleLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ px: { xs: 2, md: 5 }, height: { xs: 64, md: 80 }, display: 'flex', alignItems: 'center', gap: 1.5 }}
      >
        <Link
          component={RouterLink}
          to={paths.home}
          underline="none"
          color="inherit"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}
        >
          <Logo size={36} />
          <Typography variant="h6" component="span">
            {t('brand')}
          </Typography>
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <SettingsButton />
      </Box>
      <Container
        component="main"
        maxWidth="sm"
        sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', py: { xs: 4, md: 10 } }}
      >
        <Box sx={{ width: 1, textAlign: 'center' }}>{children}</Box>
      </Container>
      <LazySettingsDrawer />
    </Box>
  );
}
