import type { BouleBlock } from '@borlette/shared/contracts/boules-block';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RHFTextField } from '../../../components/form';
import { FormDialog, ItemDialog } from '../../../components/form-dialog';
import { TirageSelect } from '../../../components/tirage-select';
import { type BlockValues, useUpdateBlock } from '../api/boules-block';
import { checkBlockNumber } from '../numbers';
import { blockCommon, NOTE_MAX, problemMessage } from './block-schema';

/** Edits one block (change_bouleblock): its number, draw and note. */
export function EditBlockDialog({ block, onClose }: { block: BouleBlock | null; onClose: () => void }) {
  return (
    <ItemDialog item={block} itemKey={(b) => b.id} onClose={onClose}>
      {(b) => <EditForm block={b} onClose={onClose} />}
    </ItemDialog>
  );
}

function EditForm({ block, onClose }: { block: BouleBlock; onClose: () => void }) {
  const { t } = useTranslation('boulesBlock');
  const update = useUpdateBlock();
  const schema = useMemo(
    () =>
      z.object({
        number: z.string().transform((v, ctx) => {
          const checked = checkBlockNumber(v);
          if ('problem' in checked) {
            ctx.addIssue({ code: 'custom', message: problemMessage(t, checked.problem) });
            return z.NEVER;
          }
          return checked.value;
        }),
        ...blockCommon(t),
      }),
    [t],
  );
  type Input = z.input<typeof schema>;
  const methods = useForm<Input, unknown, BlockValues>({
    resolver: zodResolver(schema),
    defaultValues: { number: block.number, tirage_id: block.tirage_id, note: block.note ?? '' },
    mode: 'onTouched',
  });
  const current = block.tirage_id ? { id: block.tirage_id, name: block.tirage_name ?? `#${block.tirage_id}` } : null;
  return (
    <FormDialog
      methods={methods}
      title={t('edit.title', { number: block.number })}
      fields={['number', 'tirage_id', 'note']}
      save={(v) => update.mutateAsync({ ...v, id: block.id })}
      onClose={onClose}
      contentSx={{ gap: 2.5, pt: '8px !important' }}
    >
      <RHFTextField<Input>
        name="number"
        label={t('fields.number')}
        required
        helperText={t('fields.numberHelp')}
        slotProps={{
          htmlInput: { maxLength: 11, autoComplete: 'off', sx: { fontFamily: 'monospace', letterSpacing: 2 } },
        }}
      />
      <TirageSelect<Input> name="tirage_id" current={current} helperText={t('fields.tirageHelp')} />
      <RHFTextField<Input>
        name="note"
        label={t('fields.note')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
      />
    </FormDialog>
  );
}
