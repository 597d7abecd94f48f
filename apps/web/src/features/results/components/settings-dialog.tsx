import type { ResultsSettings } from '@borlette/shared/contracts/results';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveResultsSettings } from '../api/results';

/** What the pipeline applies by itself (confirmed only, or provisional too) and when a result is late. */
export function SettingsDialog({ settings, onClose }: { settings: ResultsSettings; onClose: () => void }) {
  const { t } = useTranslation('results');
  const [mode, setMode] = useState(settings.apply_mode);
  const [late, setLate] = useState(String(settings.late_after_min));
  const save = useSaveResultsSettings();
  const minutes = Number(late);
  const valid = Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('settings.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('settings.applyMode')}
            value={mode}
            onChange={(e) => setMode(e.target.value as ResultsSettings['apply_mode'])}
          >
            <MenuItem value="confirmed">{t('settings.confirmed')}</MenuItem>
            <MenuItem value="provisional">{t('settings.provisional')}</MenuItem>
          </TextField>
          <TextField
            label={t('settings.lateAfter')}
            value={late}
            onChange={(e) => setLate(e.target.value.replace(/\D/g, ''))}
            error={!valid}
            helperText={valid ? '' : t('settings.lateInvalid')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!valid || save.isPending}
          onClick={() => save.mutate({ apply_mode: mode, late_after_min: minutes }, { onSuccess: onClose })}
        >
          {t('settings.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
