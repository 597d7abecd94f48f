import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../components/settings/settings-context';

/** Light/dark switch of the public header; uses the shell's persisted theme settings. */
export function ModeToggle() {
  const { t } = useTranslation('public');
  const { mode, update } = useSettings();
  const next = mode === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'nav.darkMode' : 'nav.lightMode');
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={() => update({ mode: next })} sx={{ color: 'text.secondary' }}>
        {mode === 'dark' ? <LightMode /> : <DarkMode />}
      </IconButton>
    </Tooltip>
  );
}
