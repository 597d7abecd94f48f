import type { BouleBlock } from '@borlette/shared/contracts/boules-block';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors, RHFTextField } from '../../../components/form';
import { TirageSelect } from '../../../components/tirage-select';
import { type BlockValues, useUpdateBlock } from '../api/boules-block';
import { checkBlockNumber } from '../numbers';
import { blockCommon, NOTE_MAX, problemMessage } from './block-schema';

/** Edits one block (change_bouleblock): its number, draw and note. */
export function EditBlockDialog({ block, onClose }: { block: BouleBlock | null; onClose: () => void }) {
  return (
    <Dialog open={!!block} onClose={onClose} maxWidth="sm" fullWidth>
      {block ? <EditForm key={block.id} block={block} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditForm({ block, onClose }: { block: BouleBlock; onClose: () => void }) {
  const { t } = useTranslation(['boulesBlock', 'components']);
  const titleId = useId();
  const update = useUpdateBlock();
  const [formError, setFormError] = useState<string | null>(null);
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
  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await update.mutateAsync({ ...v, id: block.id });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, ['number', 'tirage_id', 'note']));
    }
  });
  const current = block.tirage_id ? { id: block.tirage_id, name: block.tirage_name ?? `#${block.tirage_id}` } : null;
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('edit.title', { number: block.number })}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' }}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
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
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button variant="outlined" color="inherit" onClick={onClose}>
            {t('components:form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={methods.formState.isSubmitting}>
            {t('components:form.save')}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
