import type { Alert as AlertRow, AlertState } from '@borlette/shared/contracts/alerts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapServerErrors } from '../../../components/form';
import { useSetAlertState } from '../api/alerts';

export interface StateChange {
  alert: AlertRow;
  state: AlertState;
}

/** Closes (a note is required), marks seen or reopens one alert; the server's refusal shows in place. */
export function AlertStateDialog({ change, onClose }: { change: StateChange | null; onClose: () => void }) {
  return (
    <Dialog open={!!change} onClose={onClose} maxWidth="xs" fullWidth>
      {change ? <StateForm key={`${change.alert.id}-${change.state}`} change={change} onClose={onClose} /> : null}
    </Dialog>
  );
}

function StateForm({ change, onClose }: { change: StateChange; onClose: () => void }) {
  const { t } = useTranslation('alerts');
  const titleId = useId();
  const mutation = useSetAlertState();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; formMessage: string | null }>({
    fields: {},
    formMessage: null,
  });
  const closing = change.state === 'closed';
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({ fields: {}, formMessage: null });
    try {
      await mutation.mutateAsync({ alert: change.alert, state: change.state, note: note.trim() || null });
      onClose();
    } catch (error) {
      setErrors(mapServerErrors(error, ['note']));
    }
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(`stateDialog.title.${change.state}`)}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>
          {t(`kinds.${change.alert.kind}`)}
          {change.alert.agent_name ? ` — ${change.alert.agent_name}` : ''}
        </DialogContentText>
        {errors.formMessage ? <Alert severity="error">{errors.formMessage}</Alert> : null}
        <TextField
          label={t(closing ? 'stateDialog.noteRequired' : 'stateDialog.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={3}
          required={closing}
          autoFocus
          error={!!errors.fields.note}
          helperText={errors.fields.note ?? t('stateDialog.noteHelp')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={mutation.isPending}>
          {t(`actions.${change.state}`)}
        </Button>
      </DialogActions>
    </form>
  );
}
