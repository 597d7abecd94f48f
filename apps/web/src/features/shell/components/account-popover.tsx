import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { ROLE_LABELS } from '@borlette/shared/permissions';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { displayName } from '../../../lib/authorization';
import { useSession } from '../../../lib/session/use-session';
import { CompanyMenuList } from './company-menu-list';
import { UserAvatar } from './user-avatar';

/** docs/spec.md §6 profile menu: superuser -> company choice + logout; others -> Home, Profile + logout. */
export function AccountPopover({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['layout', 'common']);
  const { logout } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [leaving, setLeaving] = useState(false);
  const close = () => setAnchor(null);
  const isSuperuser = user.role === 'superuser';

  const onLogout = async () => {
    setLeaving(true);
    await logout(); // clears the session even if the call fails, then loads the login page
  };

  return (
    <>
      <IconButton
        aria-label={t('account')}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={(theme) => ({
          p: '2px',
          background: anchor
            ? `linear-gradient(135deg, ${theme.palette.primary.light}, ${theme.palette.primary.dark})`
            : alpha(theme.palette.grey[500], 0.08),
        })}
      >
        <UserAvatar
          user={user}
          sx={{ width: 36, height: 36, border: (theme) => `2px solid ${theme.palette.background.default}` }}
        />
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: isSuperuser ? 280 : 220, mt: 1.5 } } }}
      >
        <Box sx={{ px: 2.5, py: 2 }}>
          <Typography variant="subtitle2" noWrap>
            {displayName(user)}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {t(`common:roles.${user.role}`, { defaultValue: ROLE_LABELS[user.role] })} · {user.username}
          </Typography>
        </Box>
        <Divider sx={{ borderStyle: 'dashed' }} />

        {isSuperuser ? (
          <>
            <CompanyMenuList user={user} onDone={close} />
            {/* Everyone changes their own password; the superuser has no « mon compte » in the menu (spec). */}
            <Divider sx={{ borderStyle: 'dashed', m: 0 }} />
            <MenuList sx={{ p: 1 }}>
              <MenuItem component={RouterLink} to={paths.dashboard.account} onClick={close}>
                <ListItemIcon>
                  <KeyOutlinedIcon fontSize="small" />
                </ListItemIcon>
                {t('myPassword')}
              </MenuItem>
            </MenuList>
          </>
        ) : (
          <MenuList sx={{ p: 1 }}>
            <MenuItem component={RouterLink} to={paths.dashboard.app} onClick={close}>
              <ListItemIcon>
                <HomeOutlinedIcon fontSize="small" />
              </ListItemIcon>
              {t('home')}
            </MenuItem>
            <MenuItem component={RouterLink} to={paths.dashboard.account} onClick={close}>
              <ListItemIcon>
                <PersonOutlineIcon fontSize="small" />
              </ListItemIcon>
              {t('profile')}
            </MenuItem>
          </MenuList>
        )}

        <Divider sx={{ borderStyle: 'dashed', m: 0 }} />
        <MenuList sx={{ p: 1 }}>
          <MenuItem onClick={onLogout} disabled={leaving} sx={{ fontWeight: 600, color: 'error.main' }}>
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            {t('logout')}
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
