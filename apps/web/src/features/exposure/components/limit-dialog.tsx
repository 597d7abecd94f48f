import type { ExposureRow } from '@borlette/shared/contracts/exposure';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { centimesToInput, parseAmount } from '../../../lib/money';

/** « Baisser la limite » of one number on the draw: the new maximum, confirmed by its button. */
export function LimitDialog({
  row,
  drawName,
  money,
  busy,
  onClose,
  onSave,
}: {
  row: ExposureRow;
  drawName: string;
  money: (v: number) => string;
  busy: boolean;
  onClose: () => void;
  onSave: (maxAmount: number) => void;
}) {
  const { t, i18n } = useTranslation('exposure');
  const [text, setText] = useState(() => centimesToInput(Number(row.sold), i18n.language));
  const amount = parseAmount(text);
  return (
    <Dialog open onClose={onClose} aria-labelledby="exposure-limit-title" fullWidth maxWidth="xs">
      <DialogTitle id="exposure-limit-title">{t('limitDialog.title', { number: row.number })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('limitDialog.text', {
            draw: drawName,
            sold: money(row.sold),
            limit: row.limit === null ? t('limitDialog.none') : money(row.limit),
          })}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label={t('limitDialog.amount')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={amount === null}
          helperText={amount === null ? t('limitDialog.invalid') : ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('limitDialog.cancel')}</Button>
        <Button
          variant="contained"
          disabled={amount === null || busy}
          onClick={() => amount !== null && onSave(amount)}
        >
          {t('limitDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
