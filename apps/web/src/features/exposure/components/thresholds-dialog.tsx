import { SETTING_BOUNDS } from '@borlette/shared/contracts/company-settings';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const W = SETTING_BOUNDS.exposure_warn_pct;
const H = SETTING_BOUNDS.exposure_hot_pct;
const whole = (s: string, min: number, max: number) => {
  const n = /^\d{1,3}$/.test(s.trim()) ? Number(s.trim()) : Number.NaN;
  return n >= min && n <= max ? n : null;
};

/**
 * « Seuils des couleurs »: the company's two thresholds (company settings, the same as on the company
 * settings page), checked here as the server checks them (bounds, warn < hot).
 */
export function ThresholdsDialog({
  current,
  busy,
  error,
  onClose,
  onSave,
}: {
  current: { warn: number; hot: number };
  busy: boolean;
  /** The server's refusal, if any. */
  error: string | null;
  onClose: () => void;
  onSave: (v: { warn: number; hot: number }) => void;
}) {
  const { t } = useTranslation('exposure');
  const [warnText, setWarn] = useState(String(current.warn));
  const [hotText, setHot] = useState(String(current.hot));
  const warn = whole(warnText, W.min, W.max);
  const hot = whole(hotText, H.min, H.max);
  const ordered = warn !== null && hot !== null && warn < hot;
  const field = (label: string, value: string, set: (v: string) => void, bad: string | null) => (
    <TextField
      fullWidth
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      error={bad !== null}
      helperText={bad ?? ' '}
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 3 },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
    />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="exposure-thresholds-title" fullWidth maxWidth="xs">
      <DialogTitle id="exposure-thresholds-title">{t('thresholdsDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('thresholdsDialog.text')}</DialogContentText>
        {field(
          t('thresholdsDialog.warn'),
          warnText,
          setWarn,
          warn === null ? t('thresholdsDialog.range', { min: W.min, max: W.max }) : null,
        )}
        {field(
          t('thresholdsDialog.hot'),
          hotText,
          setHot,
          hot === null
            ? t('thresholdsDialog.range', { min: H.min, max: H.max })
            : warn !== null && !ordered
              ? t('thresholdsDialog.order')
              : error,
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('limitDialog.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!ordered || busy}
          onClick={() => warn !== null && hot !== null && onSave({ warn, hot })}
        >
          {t('limitDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
