import { type CalendarEntryView, calendarUpdate } from '@borlette/shared/contracts/result-providers';
import { sourceLabel } from '@borlette/shared/draw-states';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RHFDateInput } from '../../../components/date-input';
import { RHFMultiSelect, RHFTextField } from '../../../components/form';
import { FormDialog, ItemDialog } from '../../../components/form-dialog';
import { useUpdateCalendar } from '../api/result-providers';
import { WEEKDAYS } from '../lib/labels';

type Input = z.input<typeof calendarUpdate>;
type Output = z.output<typeof calendarUpdate>;
const FIELDS = ['draw_time', 'timezone', 'days'] as const;

/** A session's official time, zone and days (a state that changes its schedule: no code to change). */
export function CalendarDialog({ entry, onClose }: { entry: CalendarEntryView | null; onClose: () => void }) {
  return (
    <ItemDialog item={entry} itemKey={(e) => e.id} onClose={onClose}>
      {(e) => <CalendarForm entry={e} onClose={onClose} />}
    </ItemDialog>
  );
}

function CalendarForm({ entry, onClose }: { entry: CalendarEntryView; onClose: () => void }) {
  const { t, i18n } = useTranslation('resultProviders');
  const update = useUpdateCalendar();
  const methods = useForm<Input, unknown, Output>({
    resolver: zodResolver(calendarUpdate),
    defaultValues: { draw_time: entry.draw_time, timezone: entry.timezone, days: entry.days },
  });
  return (
    <FormDialog
      methods={methods}
      title={sourceLabel(entry.name, i18n.language)}
      fields={FIELDS}
      save={(v) => update.mutateAsync({ source_id: entry.id, ...v })}
      onClose={onClose}
      contentSx={{ pt: '8px !important' }}
    >
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
    </FormDialog>
  );
}
