import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import IconButton from '@mui/material/IconButton';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useSettings } from './settings-context';

const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(360deg); }`;

/** Opens the settings drawer. Accessible name: 'Paramètres' (fr). */
export function SettingsButton() {
  const { t } = useTranslation('settings');
  const { setDrawerOpen } = useSettings();
  return (
    <IconButton
      aria-label={t('title')}
      title={t('title')}
      aria-haspopup="dialog"
      onClick={() => setDrawerOpen(true)}
      sx={{ '&:hover svg': { animation: `${spin} 4s linear infinite` } }}
    >
      <SettingsOutlinedIcon />
    </IconButton>
  );
}
