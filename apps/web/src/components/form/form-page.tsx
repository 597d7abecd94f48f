import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import { type ReactNode, useState } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type Crumb, PageHeader } from '../page-header';
import { applyServerErrors } from './server-errors';

export interface FormPageProps<TValues extends FieldValues, TOutput, TContext = unknown> {
  title: ReactNode;
  breadcrumbs?: Crumb[];
  /** `useForm({ resolver: zodResolver(schema), defaultValues })`. */
  methods: UseFormReturn<TValues, TContext, TOutput>;
  /**
   * Called with the validated values. A rejection keeps every value, puts the server's `fields` on
   * the inputs and its `message` in an Alert. Navigate away yourself on success.
   */
  onSubmit: (values: TOutput) => Promise<unknown>;
  /** Where Cancel goes (the list). */
  cancelTo: string;
  /** Label of the save button (default 'Enregistrer'). */
  submitText?: ReactNode;
  /** The record is loading: skeletons instead of the fields. */
  loading?: boolean;
  /** Shown instead of the form (e.g. the record could not be loaded). */
  blocked?: ReactNode;
  /** Field names of the form, for the server's `fields` (default: the keys of the current values). */
  fieldNames?: readonly string[];
  /** Extra buttons beside Cancel / Save. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The layout of a create/edit page: header with breadcrumbs, a card holding the fields, Cancel / Save.
 *
 *   <FormPage title={t('nav:surcussales_new')} breadcrumbs={crumbs} methods={methods}
 *             cancelTo={listPath} onSubmit={async (v) => { await create.mutateAsync(v); navigate(listPath); }}>
 *     <RHFTextField name="name" label={t('fields.name')} required />
 *   </FormPage>
 */
export function FormPage<TValues extends FieldValues, TOutput, TContext = unknown>({
  title,
  breadcrumbs,
  methods,
  onSubmit,
  cancelTo,
  submitText,
  loading,
  blocked,
  fieldNames,
  actions,
  children,
}: FormPageProps<TValues, TOutput, TContext>) {
  const { t } = useTranslation('components');
  const [formError, setFormError] = useState<string | null>(null);
  const submitting = methods.formState.isSubmitting;

  const submit = methods.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const known = fieldNames ?? Object.keys(methods.getValues());
      setFormError(applyServerErrors(error, methods.setError, known));
    }
  });

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      {blocked ?? (
        <FormProvider {...methods}>
          <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 880 }}>
            <Card>
              <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
                {formError ? (
                  <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} onClose={() => setFormError(null)}>
                    {formError}
                  </Alert>
                ) : null}
                {loading ? <FormSkeleton /> : children}
              </CardContent>
              <Divider sx={{ borderStyle: 'dashed' }} />
              <Box
                sx={{
                  p: 3,
                  display: 'flex',
                  gap: 1.5,
                  justifyContent: 'flex-end',
                  flexWrap: 'wrap',
                  '& > *': { flex: { xs: '1 1 auto', sm: '0 0 auto' } },
                }}
              >
                {actions}
                <Button component={RouterLink} to={cancelTo} variant="outlined" color="inherit" disabled={submitting}>
                  {t('form.cancel')}
                </Button>
                <Button type="submit" variant="contained" loading={submitting} disabled={loading}>
                  {submitText ?? t('form.save')}
                </Button>
              </Box>
            </Card>
          </Box>
        </FormProvider>
      )}
    </>
  );
}

function FormSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }} aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={56} />
      ))}
    </Box>
  );
}
