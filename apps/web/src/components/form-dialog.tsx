import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type Key, type ReactNode, useId, useState } from 'react';
import { type FieldPath, type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from './form';

/**
 * The frame of the back office's edit dialogs: a dialog open while it has an item (its content
 * remounted for another item: a fresh form), and a form that saves, closes, or shows the server's
 * refusal in place (on its field, else above the fields).
 *
 *   <ItemDialog item={terminal} itemKey={(t) => t.id} onClose={close} maxWidth="xs">
 *     {(t) => <RenameForm terminal={t} onClose={close} />}
 *   </ItemDialog>
 *   // RenameForm: useForm(…), then
 *   <FormDialog methods={methods} title={…} fields={['name']} save={(v) => rename.mutateAsync(v)} onClose={onClose}>
 */

/** Open while `item` is set; `children` renders it, keyed by `itemKey`. */
export function ItemDialog<T>({
  item,
  itemKey,
  onClose,
  maxWidth = 'sm',
  fullScreen,
  children,
}: {
  item: T | null;
  itemKey: (item: T) => Key;
  onClose: () => void;
  maxWidth?: DialogProps['maxWidth'];
  fullScreen?: boolean;
  children: (item: T) => ReactNode;
}) {
  return (
    <Dialog open={!!item} onClose={onClose} maxWidth={maxWidth} fullWidth fullScreen={fullScreen}>
      {item ? <ItemContent key={itemKey(item)}>{children(item)}</ItemContent> : null}
    </Dialog>
  );
}

function ItemContent({ children }: { children: ReactNode }) {
  return children;
}

interface FormDialogProps<TIn extends FieldValues, TOut> {
  methods: UseFormReturn<TIn, unknown, TOut>;
  title: ReactNode;
  /** A line under the title. */
  text?: ReactNode;
  /** The fields whose server errors show on them. */
  fields: readonly FieldPath<TIn>[];
  save: (values: TOut) => Promise<unknown>;
  onClose: () => void;
  /** Style over the content's (a plain object: merged into the same one, so the same class as without). */
  contentSx?: Record<string, string | number>;
  /**
   * Only the content scrolls, between the title and the buttons (the form lays out as if absent):
   * for a long form, or a full-screen one on a phone.
   */
  scrollContent?: boolean;
  children: ReactNode;
}

/** Title, text, the form's refusal, the fields, « Annuler » and « Enregistrer »; saved: closed. */
export function FormDialog<TIn extends FieldValues, TOut>(props: FormDialogProps<TIn, TOut>) {
  const { methods, title, text, fields, save, onClose, contentSx, scrollContent, children } = props;
  const { t } = useTranslation('components');
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await save(v);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, fields));
    }
  });
  return (
    <FormProvider {...methods}>
      <form
        noValidate
        onSubmit={submit}
        aria-labelledby={titleId}
        style={scrollContent ? { display: 'contents' } : undefined}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, ...contentSx }}>
          {text ? <DialogContentText>{text}</DialogContentText> : null}
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button variant="outlined" color="inherit" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={methods.formState.isSubmitting}>
            {t('form.save')}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
