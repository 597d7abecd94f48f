import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from './types';

/** The "⋮" button of a row and its menu (edit, block/unblock, delete...). */
export function RowActionsMenu({ actions, label }: { actions: RowAction[]; label?: string }) {
  const { t } = useTranslation('components');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!actions.length) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={label ?? t('table.actions')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 180, p: 0.5 } } }}
      >
        {actions.map((action) => (
          <MenuItem
            key={action.key}
            disabled={action.disabled}
            onClick={() => {
              setAnchor(null);
              action.onClick();
            }}
            sx={
              action.color
                ? (theme) => ({
                    // Yellow text on white is hard to read: the dark shade in light mode.
                    color:
                      theme.palette.mode === 'light' && action.color === 'warning'
                        ? theme.palette.warning.dark
                        : theme.palette[action.color ?? 'error'].main,
                  })
                : undefined
            }
          >
            {action.icon ? <ListItemIcon sx={{ color: 'inherit' }}>{action.icon}</ListItemIcon> : null}
            {t(action.label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
