import type { Collection } from '@borlette/shared/contracts/collections';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReverseCollection } from '../api/collections';

/** The confirmation of a reversal: what is undone, and its reason (required: it is the entry's note). */
export function ReverseDialog({
  target,
  amount,
  onClose,
}: {
  target: Collection | null;
  amount: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('collections');
  const [reason, setReason] = useState('');
  const reverse = useReverseCollection();
  const short = reason.trim().length < 3;
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Dialog open={!!target} onClose={close} fullWidth maxWidth="xs" aria-labelledby="reverse-dialog-title">
      <DialogTitle id="reverse-dialog-title">{t('reverse.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('reverse.message', { agent: target?.agent_name, amount })}</DialogContentText>
        <TextField
          label={t('reverse.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          autoFocus
          helperText={t('reverse.reasonHelp')}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        {reverse.isError ? <Alert severity="error">{reverse.error.message}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit">
          {t('form.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={short}
          loading={reverse.isPending}
          onClick={() => target && reverse.mutate({ id: target.id, reason: reason.trim() }, { onSuccess: close })}
        >
          {t('reverse.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
