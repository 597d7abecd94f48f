import PhonelinkLockOutlinedIcon from '@mui/icons-material/PhonelinkLockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePosSession } from '../api/pos-session';

/**
 * This device is not approved (pending) or no longer (revoked): a clear screen instead of a sale
 * refused at the first try. « Vérifier » asks the server again; the heartbeat also does, every minute.
 */
export function TerminalPending({
  state,
  onCheck,
  checking,
}: {
  state: 'pending' | 'revoked';
  onCheck: () => void;
  checking: boolean;
}) {
  const { t } = useTranslation('pos');
  const { signOut } = usePosSession();
  return (
    <Box
      component="main"
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
      <PhonelinkLockOutlinedIcon
        sx={{ fontSize: 56, color: state === 'revoked' ? 'error.main' : 'warning.main' }}
        aria-hidden="true"
      />
      <Typography variant="h5" component="h1">
        {t(`terminal.${state}Title`)}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 380 }}>{t(`terminal.${state}Text`)}</Typography>
      {state === 'pending' ? (
        <Button variant="contained" size="large" onClick={onCheck} loading={checking} sx={{ minWidth: 200 }}>
          {t('terminal.check')}
        </Button>
      ) : null}
      <Button color="inherit" onClick={() => void signOut()}>
        {t('signOut')}
      </Button>
    </Box>
  );
}
