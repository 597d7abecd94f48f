import type { ContactMessage } from '@borlette/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { fDateTime } from '../../../lib/format';
import { StatusOf } from './contact-columns';

interface Props {
  message: ContactMessage | null;
  canChange: boolean;
  pending: boolean;
  onClose: () => void;
  onToggle: (m: ContactMessage) => void;
}

/** One message, read in full; one click marks it handled (or back to open). */
export function ContactDialog({ message: m, canChange, pending, onClose, onToggle }: Props) {
  const { t } = useTranslation('contacts');
  return (
    <Dialog open={!!m} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="contact-dialog-title">
      {m && (
        <>
          <DialogTitle id="contact-dialog-title">{m.subject || t('noSubject')}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={1} sx={{ mb: 2 }}>
              <Typography variant="body2">
                <strong>{t('columns.from')} :</strong> {m.name} (<Link href={`mailto:${m.email}`}>{m.email}</Link>)
              </Typography>
              {m.phone && (
                <Typography variant="body2">
                  <strong>{t('phone')} :</strong> {m.phone}
                </Typography>
              )}
              <Typography variant="body2">
                <strong>{t('columns.received')} :</strong> {fDateTime(m.created_at)}
              </Typography>
              <Box>
                <StatusOf handled={m.handled} />
                {m.handled && m.handled_at && (
                  <Typography component="span" variant="caption" sx={{ ml: 1, color: 'text.secondary' }}>
                    {t('handledAt', { date: fDateTime(m.handled_at) })}
                  </Typography>
                )}
              </Box>
            </Stack>
            <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {m.message}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('close')}</Button>
            {canChange && (
              <Button variant="contained" disabled={pending} onClick={() => onToggle(m)}>
                {t(m.handled ? 'actions.unhandle' : 'actions.handle')}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
