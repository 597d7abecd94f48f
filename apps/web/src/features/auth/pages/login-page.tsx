import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo';
import { LazySettingsDrawer } from '../../../components/settings/lazy-settings-drawer';
import { SettingsButton } from '../../../components/settings/settings-button';
import { paths } from '../../../config/paths';
import { LoginForm } from '../components/login-form';
import { LoginHero } from '../components/login-hero';

/** docs/spec.md §2 "Login screen". Rendered at /auth/login and in place of any dashboard page while signed out. */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default', position: 'relative' }}>
      <Box
        component="header"
        sx={{
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          zIndex: 1,
          height: { xs: 64, md: 80 },
          px: { xs: 2, md: 5 },
          display: 'flex',
          alignItems: 'center',
        }}
      >
        <Link
          component={RouterLink}
          to={paths.home}
          color="inherit"
          underline="none"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}
        >
          <Logo size={36} />
          <Typography variant="h6" component="span">
            {t('common:brand')}
          </Typography>
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <SettingsButton />
      </Box>

      <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
        <LoginHero />
      </Box>

      <Box
        component="main"
        sx={{
          flexGrow: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 2, sm: 3 },
          pt: { xs: 12, md: 10 },
          pb: { xs: 6, md: 10 },
        }}
      >
        <Box sx={{ width: 1, maxWidth: 420 }}>
          <Typography variant="h4" component="h1">
            {t('title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 5 }}>
            {t('subtitle')}
          </Typography>
          <LoginForm />
          {/* Agents sign in at the point of sale; the back office has nothing for them. */}
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3, textAlign: 'center' }}>
            {t('agentHint')}{' '}
            <Link component={RouterLink} to={paths.pos}>
              {t('agentHintLink')}
            </Link>
          </Typography>
        </Box>
      </Box>
      <LazySettingsDrawer />
    </Box>
  );
}
