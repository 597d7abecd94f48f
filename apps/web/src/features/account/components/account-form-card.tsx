import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import { type ReactNode, useState } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form';

export interface AccountFormCardProps<TValues extends FieldValues, TOutput> {
  title: ReactNode;
  subheader?: ReactNode;
  methods: UseFormReturn<TValues, unknown, TOutput>;
  /** Rejects with the server's error: its `fields` land on the inputs, its message in the Alert. */
  onSubmit: (values: TOutput) => Promise<unknown>;
  /** Field names of the form (server `fields` outside them go to the Alert). */
  fieldNames: readonly string[];
  submitText?: ReactNode;
  /** Disable Save until something changed (default true). */
  requireDirty?: boolean;
  children: ReactNode;
}

/** One card of « Mon compte »: a small form with its own Save button and its own errors. */
export function AccountFormCard<TValues extends FieldValues, TOutput>({
  title,
  subheader,
  methods,
  onSubmit,
  fieldNames,
  submitText,
  requireDirty = true,
  children,
}: AccountFormCardProps<TValues, TOutput>) {
  const { t } = useTranslation('components');
  const [formError, setFormError] = useState<string | null>(null);
  const { isSubmitting, isDirty } = methods.formState;
  const submit = methods.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, fieldNames));
    }
  });
  return (
    <FormProvider {...methods}>
      <Card component="form" noValidate onSubmit={submit}>
        <CardHeader title={title} subheader={subheader} />
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          {formError ? (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} onClose={() => setFormError(null)}>
              {formError}
            </Alert>
          ) : null}
          {children}
        </CardContent>
        <Divider sx={{ borderStyle: 'dashed' }} />
        <Box sx={{ p: 2.5, display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            loading={isSubmitting}
            disabled={requireDirty && !isDirty}
            sx={{ width: { xs: 1, sm: 'auto' } }}
          >
            {submitText ?? t('form.save')}
          </Button>
        </Box>
      </Card>
    </FormProvider>
  );
}
