import { type CompanySettingsView, companySettingsEndpoints } from '@borlette/shared/contracts/company-settings';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form';
import { PageHeader } from '../../../components/page-header';
import { RecordBody } from '../../../components/record-body';
import { paths } from '../../../config/paths';
import { ApiError, isApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/authorization';
import { fDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { useCompanySettings, useUpdateCompanySettings } from '../api/company-settings';
import { SettingsFields } from '../components/settings-fields';
import {
  changedSettings,
  FORM_FIELD_OF,
  makeSettingsSchema,
  type SettingsForm,
  type SettingsValues,
  toForm,
} from '../components/settings-schema';

/** The server names API fields; commission_bp is typed as a percent here. */
function onFormFields(error: unknown): unknown {
  if (!isApiError(error) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([k, m]) => [FORM_FIELD_OF[k as keyof typeof FORM_FIELD_OF] ?? k, m]),
  );
  return new ApiError(error.statusCode, { ...(error.body as object), fields });
}

function SettingsEditor({ settings, canChange }: { settings: CompanySettingsView; canChange: boolean }) {
  const { t, i18n } = useTranslation(['companySettings', 'components']);
  const user = useUser();
  const currency = user.company?.currency ?? 'HTG';
  const schema = useMemo(
    () =>
      makeSettingsSchema(
        {
          integer: t('errors.integer'),
          range: (min, max) => t('errors.range', { min, max }),
          percent: t('errors.percent'),
          amount: t('errors.amount'),
        },
        currency,
      ),
    [t, currency],
  );
  const update = useUpdateCompanySettings();
  const [formError, setFormError] = useState<string | null>(null);
  const methods = useForm<SettingsForm, unknown, SettingsValues>({
    resolver: zodResolver(schema),
    defaultValues: toForm(settings),
    mode: 'onTouched',
  });
  const { isDirty, isSubmitting } = methods.formState;
  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    const changes = changedSettings(settings, v);
    if (!Object.keys(changes).length) return methods.reset(toForm(settings));
    try {
      methods.reset(toForm(await update.mutateAsync(changes)));
    } catch (error) {
      setFormError(applyServerErrors(onFormFields(error), methods.setError, Object.values(FORM_FIELD_OF)));
    }
  });

  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 960 }} aria-label={t('title')}>
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
            {canChange ? null : <Alert severity="info">{t('readOnly')}</Alert>}
            {formError ? (
              <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} onClose={() => setFormError(null)}>
                {formError}
              </Alert>
            ) : null}
            <SettingsFields disabled={!canChange} currency={currency} />
          </CardContent>
          <Divider sx={{ borderStyle: 'dashed' }} />
          <Box sx={{ p: 3, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="caption" sx={{ color: 'text.secondary', flexGrow: 1 }}>
              {t('updatedAt', {
                date: fDateTime(settings.updated_at, { timeZone: user.company?.timezone, language: i18n.language }),
              })}
            </Typography>
            {canChange ? (
              <>
                <Button
                  variant="outlined"
                  color="inherit"
                  disabled={!isDirty || isSubmitting}
                  onClick={() => methods.reset(toForm(settings))}
                >
                  {t('discard')}
                </Button>
                <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
                  {t('components:form.save')}
                </Button>
              </>
            ) : null}
          </Box>
        </Card>
      </Box>
    </FormProvider>
  );
}

/**
 * /dashboard/parametres: the company's settings (admin; the superuser on a selected company — on
 * « Toutes » the router's ScreenGate asks for a company first, lib/company-required.ts).
 */
export default function CompanySettingsPage() {
  const { t } = useTranslation(['companySettings', 'nav']);
  const canChange = useCan(companySettingsEndpoints.update);
  const query = useCompanySettings();

  return (
    <>
      <PageHeader
        title={t('nav:company_settings')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:company_settings') }]}
      />
      <RecordBody query={query} rowHeight={72} retryLabel={t('retry')} failedLabel={t('loadFailed')}>
        {(settings) => <SettingsEditor key={settings.company_id} settings={settings} canChange={canChange} />}
      </RecordBody>
    </>
  );
}
