import type { LimiteFiche } from '@borlette/shared/contracts/limite-fiche';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AmountInput } from '../../../components/form/amount-input';
import { amountField } from '../../../components/form/amount-schema';
import { FormDialog, ItemDialog } from '../../../components/form-dialog';
import { centimesToInput } from '../../../lib/money';
import { useUpdateLimite } from '../api/limite-fiche';

/** Changes the amount of one limit (its scope stays: delete it and create another to move it). */
export function EditLimiteDialog({
  limite,
  currency,
  onClose,
}: {
  limite: LimiteFiche | null;
  currency: string;
  onClose: () => void;
}) {
  return (
    <ItemDialog item={limite} itemKey={(l) => l.id} onClose={onClose} maxWidth="xs">
      {(l) => <EditForm limite={l} currency={currency} onClose={onClose} />}
    </ItemDialog>
  );
}

function EditForm({ limite, currency, onClose }: { limite: LimiteFiche; currency: string; onClose: () => void }) {
  const { t } = useTranslation('limiteFiche');
  const update = useUpdateLimite();
  const schema = useMemo(
    () =>
      z.object({
        max_amount: amountField({
          required: t('errors.required'),
          invalid: t('errors.invalid'),
          positive: t('errors.positive'),
          tooLarge: t('errors.tooLarge'),
        }),
      }),
    [t],
  );
  const methods = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { max_amount: centimesToInput(limite.max_amount) },
  });
  return (
    <FormDialog
      methods={methods}
      title={t('edit.title')}
      text={
        limite.agent_id === null
          ? t('edit.companyText')
          : t('edit.agentText', { name: limite.agent_name, username: limite.agent_username })
      }
      fields={['max_amount']}
      save={(v) => update.mutateAsync({ id: limite.id, max_amount: v.max_amount })}
      onClose={onClose}
    >
      <AmountInput name="max_amount" label={t('fields.amount')} currency={currency} autoFocus />
    </FormDialog>
  );
}
