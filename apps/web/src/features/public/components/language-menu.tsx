import Check from '@mui/icons-material/Check';
import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguages } from './use-languages';

/** Compact language switcher for the header (sm and up). */
export function LanguageMenu() {
  const { t } = useTranslation('public');
  const { languages, current, change } = useLanguages();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (languages.length < 2) return null;
  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<Translate fontSize="small" />}
        aria-label={`${t('nav.language')} : ${t(`languages.${current}`)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ minWidth: 0, px: 1.25, fontWeight: 600, color: 'text.secondary' }}
      >
        {current.toUpperCase()}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {languages.map((lng) => (
          <MenuItem
            key={lng}
            selected={lng === current}
            lang={lng}
            onClick={() => {
              change(lng);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{lng === current ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`languages.${lng}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
