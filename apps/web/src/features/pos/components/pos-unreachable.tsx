import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePosSession } from '../api/pos-session';

/** A stored session could not be checked: the server did not answer. Nothing is forgotten. */
export function PosUnreachable() {
  const { t } = useTranslation('pos');
  const { retry, signOut } = usePosSession();
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
        {t('unreachable.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 360 }}>{t('unreachable.text')}</Typography>
      <Button variant="contained" size="large" onClick={retry} sx={{ minWidth: 200 }}>
        {t('unreachable.retry')}
      </Button>
      <Button color="inherit" onClick={() => void signOut()}>
        {t('signOut')}
      </Button>
    </Box>
  );
}
