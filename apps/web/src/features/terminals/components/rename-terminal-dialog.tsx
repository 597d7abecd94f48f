import type { Terminal } from '@borlette/shared/contracts/terminals';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RHFTextField } from '../../../components/form';
import { FormDialog, ItemDialog } from '../../../components/form-dialog';
import { useRenameTerminal } from '../api/terminals';

/** Renames one terminal (« Caisse du marché »): the name the company lists it by. */
export function RenameTerminalDialog({ terminal, onClose }: { terminal: Terminal | null; onClose: () => void }) {
  return (
    <ItemDialog item={terminal} itemKey={(t) => t.id} onClose={onClose} maxWidth="xs">
      {(t) => <RenameForm terminal={t} onClose={onClose} />}
    </ItemDialog>
  );
}

function RenameForm({ terminal, onClose }: { terminal: Terminal; onClose: () => void }) {
  const { t } = useTranslation('terminals');
  const rename = useRenameTerminal();
  const schema = useMemo(
    () => z.object({ name: z.string().trim().min(1, t('errors.nameRequired')).max(100, t('errors.nameTooLong')) }),
    [t],
  );
  const methods = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: terminal.name },
  });
  return (
    <FormDialog
      methods={methods}
      title={t('rename.title')}
      text={t('rename.text', { agent: terminal.agent_name })}
      fields={['name']}
      save={(v) => rename.mutateAsync({ id: terminal.id, name: v.name })}
      onClose={onClose}
    >
      <RHFTextField<z.input<typeof schema>> name="name" label={t('fields.name')} autoFocus required />
    </FormDialog>
  );
}
