import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePosSession } from '../api/pos-session';

/**
 * A stored session could not be checked: the server did not answer (also what the installed POS shows
 * when it starts offline, from the service worker's shell). Nothing is forgotten; back online, it
 * checks again by itself.
 */
export function PosUnreachable() {
  const { t } = useTranslation('pos');
  const { retry, signOut } = usePosSession();
  const [offline, setOffline] = useState(() => !navigator.onLine);
  useEffect(() => {
    const up = () => {
      setOffline(false);
      retry();
    };
    const down = () => setOffline(true);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [retry]);
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        p: 3,
        bgcolor: 'background.default',
      }}
    >
      <CloudOffOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden="true" />
      <Typography variant="h5" component="h1">
        {offline ? t('unreachable.offlineTitle') : t('unreachable.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 360 }}>
        {offline ? t('unreachable.offlineText') : t('unreachable.text')}
      </Typography>
      <Button variant="contained" size="large" onClick={retry} sx={{ minWidth: 200 }}>
        {t('unreachable.retry')}
      </Button>
      <Button color="inherit" onClick={() => void signOut()}>
        {t('signOut')}
      </Button>
    </Box>
  );
}
