import { type CalendarEntryView, calendarUpdate } from '@borlette/shared/contracts/result-providers';
import { sourceLabel } from '@borlette/shared/draw-states';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RHFDateInput } from '../../../components/date-input';
import { applyServerErrors, RHFMultiSelect, RHFTextField } from '../../../components/form';
import { useUpdateCalendar } from '../api/result-providers';
import { WEEKDAYS } from '../lib/labels';

type Input = z.input<typeof calendarUpdate>;
type Output = z.output<typeof calendarUpdate>;

/** A session's official time, zone and days (a state that changes its schedule: no code to change). */
export function CalendarDialog({ entry, onClose }: { entry: CalendarEntryView | null; onClose: () => void }) {
  return (
    <Dialog open={!!entry} onClose={onClose} maxWidth="sm" fullWidth>
      {entry ? <CalendarForm key={entry.id} entry={entry} onClose={onClose} /> : null}
    </Dialog>
  );
}

function CalendarForm({ entry, onClose }: { entry: CalendarEntryView; onClose: () => void }) {
  const { t, i18n } = useTranslation('resultProviders');
  const titleId = useId();
  const update = useUpdateCalendar();
  const [formError, setFormError] = useState<string | null>(null);
  const methods = useForm<Input, unknown, Output>({
    resolver: zodResolver(calendarUpdate),
    defaultValues: { draw_time: entry.draw_time, timezone: entry.timezone, days: entry.days },
  });
  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await update.mutateAsync({ source_id: entry.id, ...v });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, ['draw_time', 'timezone', 'days']));
    }
  });
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{sourceLabel(entry.name, i18n.language)}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <RHFDateInput<Input> name="draw_time" kind="time" label={t('fields.draw_time')} required />
          <RHFTextField<Input>
            name="timezone"
            label={t('fields.timezone')}
            helperText={t('fields.timezone_help')}
            required
          />
          <RHFMultiSelect<Input>
            name="days"
            label={t('fields.days')}
            options={WEEKDAYS.map((d) => ({ value: d, label: t(`days.long.${d}`) }))}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button variant="outlined" color="inherit" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={methods.formState.isSubmitting}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
