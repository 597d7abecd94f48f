import type { CurrentUser } from '@borlette/shared/contracts/auth';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SettingsButton } from '../../../components/settings/settings-button';
import { AccountPopover } from './account-popover';
import { AlertsBadge } from './alerts-badge';
import { CountryPopover } from './country-popover';
import { HEADER_HEIGHT } from './layout-constants';
import { useCompanyLabel } from './sidebar-brand';

interface HeaderProps {
  user: CurrentUser;
  isDesktop: boolean;
  /** Width of the sidebar beside the header on desktop. */
  offset: number;
  onOpenNav: () => void;
}

/** docs/spec.md §2: top bar with the avatar menu (and, for the superuser, the country switcher). */
export function Header({ user, isDesktop, offset, onOpenNav }: HeaderProps) {
  const { t } = useTranslation('layout');
  const company = useCompanyLabel(user);
  return (
    <AppBar
      position="fixed"
      color="transparent"
      elevation={0}
      sx={(theme) => ({
        boxShadow: 'none',
        backdropFilter: 'blur(6px)',
        bgcolor: alpha(theme.palette.background.default, 0.8),
        ...(isDesktop && {
          width: `calc(100% - ${offset + 1}px)`,
          ml: `${offset + 1}px`,
          transition: theme.transitions.create(['width', 'margin'], { duration: theme.transitions.duration.shorter }),
        }),
      })}
    >
      <Toolbar
        sx={{ minHeight: { xs: HEADER_HEIGHT.mobile, md: HEADER_HEIGHT.desktop }, px: { xs: 2, md: 5 }, gap: 1 }}
      >
        {!isDesktop ? (
          <IconButton aria-label={t('openNav')} onClick={onOpenNav} edge="start" sx={{ color: 'text.primary' }}>
            <MenuIcon />
          </IconButton>
        ) : null}
        <Typography
          variant="subtitle2"
          noWrap
          sx={{ color: 'text.secondary', minWidth: 0, display: { xs: 'none', sm: 'block' } }}
        >
          {company}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 } }}>
          {user.role === 'superuser' ? <CountryPopover user={user} /> : null}
          <AlertsBadge user={user} />
          <SettingsButton />
          <AccountPopover user={user} />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
