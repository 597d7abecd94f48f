import type { CurrentUser } from '@borlette/shared/contracts/auth';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import InstallMobileOutlinedIcon from '@mui/icons-material/InstallMobileOutlined';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../../components/lazy-dialog';
import { useInstallPrompt } from '../../../../lib/install-prompt';

const PrinterDialog = lazyDialog(() =>
  import('../../../../components/printing/printer-dialog').then((m) => m.PrinterDialog),
);
const PosPasswordDialog = lazyDialog(() => import('./password-dialog').then((m) => m.PosPasswordDialog));

/**
 * The agent's menu in the POS top bar: who is signed in, « Imprimante », « Changer mon mot de passe »,
 * « Installer l’application » (where the browser offers it), sign-out.
 */
export function PosAccountMenu({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  const { t } = useTranslation(['pos', 'printer']);
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [printerOpen, setPrinterOpen] = useState(false);
  const installer = useInstallPrompt();
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };

  return (
    <>
      <IconButton
        aria-label={t('account.menu')}
        title={t('account.menu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleOutlinedIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2" noWrap>
            {name}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            @{user.username}
          </Typography>
        </Box>
        <Divider sx={{ borderStyle: 'dashed' }} />
        <MenuItem onClick={pick(() => setPrinterOpen(true))}>
          <ListItemIcon>
            <PrintOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('printer:open')}
        </MenuItem>
        <MenuItem onClick={pick(() => setPasswordOpen(true))}>
          <ListItemIcon>
            <LockResetOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('account.changePassword')}
        </MenuItem>
        {installer.available ? (
          <MenuItem onClick={pick(() => void installer.install())}>
            <ListItemIcon>
              <InstallMobileOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {t('account.install')}
          </MenuItem>
        ) : null}
        <MenuItem onClick={pick(onSignOut)}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('signOut')}
        </MenuItem>
      </Menu>
      <PosPasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <PrinterDialog open={printerOpen} onClose={() => setPrinterOpen(false)} />
    </>
  );
}
