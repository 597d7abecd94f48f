import { type ContactRequest, contactRequest } from '@borlette/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ContactError, sendContact } from '../api/contact';

type FormInput = z.input<typeof contactRequest>;
type FieldName = Path<FormInput>;

const EMPTY: FormInput = { name: '', email: '', phone: '', subject: '', message: '' };
const FIELD_NAMES: FieldName[] = ['name', 'email', 'phone', 'subject', 'message'];

/**
 * Contact form: validated with the shared `contactRequest` schema (French messages), posted to
 * `contactEndpoints.send`. On failure the server's message (and per-field messages) are shown and the
 * typed values are kept; on success a snackbar is shown and the form is reset.
 */
export function ContactForm() {
  const { t } = useTranslation('public');
  const { enqueueSnackbar } = useSnackbar();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = useForm<FormInput, unknown, ContactRequest>({
    resolver: zodResolver(contactRequest),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const onSubmit = async (values: ContactRequest) => {
    setServerError(null);
    setSent(false);
    try {
      await sendContact(values);
      enqueueSnackbar(t('contact.form.success'), { variant: 'success' });
      setSent(true);
      reset(EMPTY);
    } catch (e) {
      const err = e instanceof ContactError ? e : new ContactError(undefined, null);
      const message = err.fromServer
        ? err.message
        : err.status === null
          ? t('contact.form.networkError')
          : t('contact.form.genericError');
      setServerError(message);
      let focused = false;
      for (const [field, fieldMessage] of Object.entries(err.fields)) {
        if ((FIELD_NAMES as string[]).includes(field)) {
          setError(field as FieldName, { type: 'server', message: fieldMessage }, { shouldFocus: !focused });
          focused = true;
        }
      }
    }
  };

  /** Controlled MUI TextField bound to a form field (controlled, so reset() also resets the label). */
  const renderField = (name: FieldName, props: TextFieldProps) => (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          value={value ?? ''}
          inputRef={ref}
          id={`contact-${name}`}
          error={Boolean(fieldState.error)}
          fullWidth
          {...props}
          helperText={fieldState.error?.message ?? props.helperText}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      {serverError && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }} onClose={() => setServerError(null)}>
          {serverError}
        </Alert>
      )}
      {sent && !serverError && (
        <Alert severity="success" role="status" sx={{ mb: 3 }} onClose={() => setSent(false)}>
          {t('contact.form.success')}
        </Alert>
      )}
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {renderField('name', { label: t('contact.form.name'), required: true, autoComplete: 'name' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {renderField('email', {
            label: t('contact.form.email'),
            required: true,
            type: 'email',
            autoComplete: 'email',
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {renderField('phone', { label: t('contact.form.phone'), type: 'tel', autoComplete: 'tel' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{renderField('subject', { label: t('contact.form.subject') })}</Grid>
        <Grid size={12}>
          {renderField('message', {
            label: t('contact.form.message'),
            required: true,
            multiline: true,
            minRows: 5,
            helperText: t('contact.form.messageHelper'),
          })}
        </Grid>
        <Grid size={12}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={isSubmitting}
            loadingPosition="start"
            aria-busy={isSubmitting}
            startIcon={<Send />}
            sx={{ fontWeight: 700, px: 4, width: { xs: '100%', sm: 'auto' } }}
          >
            {t('contact.form.submit')}
          </Button>
        </Grid>
      </Grid>
    </form>
  );
}
