import { type CalendarEntryView, holidayInput } from '@borlette/shared/contracts/result-providers';
import { sourceLabel } from '@borlette/shared/draw-states';
import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RHFDateInput } from '../../../components/date-input';
import { applyServerErrors, RHFTextField } from '../../../components/form';
import { ItemDialog } from '../../../components/form-dialog';
import { useAddHoliday, useRemoveHoliday } from '../api/result-providers';

type Input = z.input<typeof holidayInput>;
type Output = z.output<typeof holidayInput>;

/** The days a session does not draw: no poll, no lateness alert. */
export function HolidaysDialog({ entry, onClose }: { entry: CalendarEntryView | null; onClose: () => void }) {
  return (
    <ItemDialog item={entry} itemKey={(e) => e.id} onClose={onClose}>
      {(e) => <Holidays entry={e} onClose={onClose} />}
    </ItemDialog>
  );
}

function Holidays({ entry, onClose }: { entry: CalendarEntryView; onClose: () => void }) {
  const { t, i18n } = useTranslation('resultProviders');
  const titleId = useId();
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const [formError, setFormError] = useState<string | null>(null);
  const methods = useForm<Input, unknown, Output>({
    resolver: zodResolver(holidayInput),
    defaultValues: { day: '', reason: '' },
  });
  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await add.mutateAsync({ source_id: entry.id, ...v });
      methods.reset({ day: '', reason: '' });
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, ['day', 'reason']));
    }
  });
  return (
    <>
      <DialogTitle id={titleId}>{t('holidays.title', { name: sourceLabel(entry.name, i18n.language) })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('holidays.text')}</DialogContentText>
        {entry.holidays.length ? (
          <List dense aria-label={t('calendar.holidays')}>
            {entry.holidays.map((h) => (
              <ListItem
                key={h.day}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('holidays.remove', { day: h.day })}
                    onClick={() => remove.mutate({ source_id: entry.id, day: h.day })}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText primary={h.day} secondary={h.reason || null} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Alert severity="info">{t('holidays.none')}</Alert>
        )}
        <FormProvider {...methods}>
          <form noValidate onSubmit={submit} aria-labelledby={titleId}>
            {formError ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {formError}
              </Alert>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <RHFDateInput<Input> name="day" label={t('fields.day')} required />
              <RHFTextField<Input> name="reason" label={t('fields.reason')} />
              <Button type="submit" variant="contained" loading={methods.formState.isSubmitting} sx={{ mt: 1 }}>
                {t('holidays.add')}
              </Button>
            </Stack>
          </form>
        </FormProvider>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('close')}
        </Button>
      </DialogActions>
    </>
  );
}
