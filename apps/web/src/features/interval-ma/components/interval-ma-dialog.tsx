import type { IntervalMa } from '@borlette/shared/contracts/interval-ma';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, ItemDialog } from '../../../components/form-dialog';
import { type IntervalValues, useSaveInterval } from '../api/interval-ma';
import {
  INTERVAL_FIELDS,
  IntervalFields,
  type IntervalFormInput,
  intervalToInput,
  makeIntervalSchema,
} from './interval-form';

/** Edits one interval (change_typegame) in a dialog of the list. */
export function IntervalMaDialog({
  interval,
  currency,
  onClose,
}: {
  interval: IntervalMa | null;
  currency: string;
  onClose: () => void;
}) {
  return (
    <ItemDialog item={interval} itemKey={(i) => i.id} onClose={onClose}>
      {(i) => <EditForm interval={i} currency={currency} onClose={onClose} />}
    </ItemDialog>
  );
}

function EditForm({ interval, currency, onClose }: { interval: IntervalMa; currency: string; onClose: () => void }) {
  const { t } = useTranslation('limits');
  const save = useSaveInterval(currency);
  const schema = useMemo(() => makeIntervalSchema(t), [t]);
  const methods = useForm<IntervalFormInput, unknown, IntervalValues>({
    resolver: zodResolver(schema),
    defaultValues: intervalToInput(interval),
    mode: 'onTouched',
  });
  return (
    <FormDialog
      methods={methods}
      title={t('intervalMa.editTitle')}
      fields={INTERVAL_FIELDS}
      save={(v) => save.mutateAsync({ ...v, id: interval.id })}
      onClose={onClose}
      contentSx={{ pt: '8px !important' }}
    >
      <IntervalFields currency={currency} autoFocus />
    </FormDialog>
  );
}
