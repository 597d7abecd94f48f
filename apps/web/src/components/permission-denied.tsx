import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';
import { LockIllustration } from './illustrations';

/** docs/spec.md §2/§8: the page shown instead of a screen whose permission the user lacks. */
export function PermissionDenied({ name }: { name: string }) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ maxWidth: 520, mx: 'auto', py: { xs: 4, md: 8 }, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {t('permissionDenied.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('permissionDenied.apology', { name })}</Typography>
      <LockIllustration sx={{ width: 240, height: 200, mx: 'auto', my: { xs: 4, md: 6 } }} />
      <Button
        component={RouterLink}
        to={paths.dashboard.app}
        size="large"
        variant="contained"
        color="inherit"
        sx={{ bgcolor: 'text.primary', color: 'background.paper', '&:hover': { bgcolor: 'text.secondary' } }}
      >
        {t('permissionDenied.backHome')}
      </Button>
    </Box>
  );
}
