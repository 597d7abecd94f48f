import type { ResultRow } from '@borlette/shared/contracts/results';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { fDay } from '../../../lib/format';
import { useConfirmResult } from '../api/results';

/**
 * « Confirmer » (the numbers in force, or one source's in a conflict) or « Saisir » (by hand): the numbers
 * are applied to every company draw following the session, after this dialog's explicit confirmation.
 */
export function ResultDialog({
  row,
  mode,
  onClose,
}: {
  row: ResultRow;
  mode: 'confirm' | 'enter';
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('results');
  const first = row.pick3 ? row : row.observations[0];
  const [pick3, setPick3] = useState(mode === 'confirm' ? (first?.pick3 ?? '') : '');
  const [pick4, setPick4] = useState(mode === 'confirm' ? (first?.pick4 ?? '') : '');
  const confirm = useConfirmResult();
  const valid = /^\d{3}$/.test(pick3) && /^\d{4}$/.test(pick4);
  const choices = [...new Map(row.observations.map((o) => [`${o.pick3}/${o.pick4}`, o])).values()];
  const submit = () =>
    confirm.mutate(
      { state: row.state_code, session: row.session, draw_date: row.draw_date, pick3, pick4 },
      { onSuccess: onClose },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t(mode === 'confirm' ? 'dialog.confirmTitle' : 'dialog.enterTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('dialog.text', { source: row.source_name, day: fDay(row.draw_date, i18n.language) })}
        </DialogContentText>
        {choices.length > 1 && (
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
            {choices.map((o) => (
              <Chip
                key={`${o.pick3}/${o.pick4}`}
                label={`${o.pick3} / ${o.pick4} (${o.provider_code})`}
                onClick={() => {
                  setPick3(o.pick3);
                  setPick4(o.pick4);
                }}
                color={o.pick3 === pick3 && o.pick4 === pick4 ? 'primary' : 'default'}
              />
            ))}
          </Stack>
        )}
        <Stack direction="row" spacing={2}>
          <TextField
            label="Pick 3"
            value={pick3}
            onChange={(e) => setPick3(e.target.value.replace(/\D/g, '').slice(0, 3))}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            autoFocus={mode === 'enter'}
          />
          <TextField
            label="Pick 4"
            value={pick4}
            onChange={(e) => setPick4(e.target.value.replace(/\D/g, '').slice(0, 4))}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
        {confirm.isError && (
          <DialogContentText color="error" sx={{ mt: 2 }} role="alert">
            {errorMessage(confirm.error, t('dialog.failed'))}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!valid || confirm.isPending}>
          {t(mode === 'confirm' ? 'actions.confirm' : 'dialog.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
