import { type RiskRulesView, riskRuleEndpoints } from '@borlette/shared/contracts/risk-rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form';
import { PageHeader } from '../../../components/page-header';
import { RecordBody } from '../../../components/record-body';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { fDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { useRiskRules, useUpdateRiskRules } from '../api/risk-rules';
import { RulesFields } from '../components/rules-fields';
import { RulesPreview } from '../components/rules-preview';
import { type RulesForm, toForm, toInput } from '../lib/rules-form';

/** API field -> form field, for the server's messages. */
const FORM_FIELD_OF: Record<string, keyof RulesForm> = {
  share_bp: 'share_percent',
  late_factor_bp: 'late_percent',
};

function RulesEditor({ rules, canChange }: { rules: RiskRulesView; canChange: boolean }) {
  const { t, i18n } = useTranslation(['riskRules', 'components']);
  const user = useUser();
  const update = useUpdateRiskRules();
  const [formError, setFormError] = useState<string | null>(null);
  const methods = useForm<RulesForm>({ defaultValues: toForm(rules, i18n.language) });
  const { isDirty, isSubmitting } = methods.formState;
  const submit = methods.handleSubmit(async (f) => {
    setFormError(null);
    const out = toInput(f);
    if (out.errors) {
      for (const [k, key] of Object.entries(out.errors))
        methods.setError(k as keyof RulesForm, { message: t(`errors.${key}`) });
      return;
    }
    try {
      methods.reset(toForm(await update.mutateAsync(out.input), i18n.language));
    } catch (error) {
      // The server names API fields: those typed differently here are put on their input.
      const known = [...Object.keys(toForm(rules)), ...Object.keys(FORM_FIELD_OF)];
      const setError = ((name: string, e: Parameters<typeof methods.setError>[1], o?: { shouldFocus: boolean }) =>
        methods.setError(FORM_FIELD_OF[name] ?? (name as keyof RulesForm), e, o)) as typeof methods.setError;
      setFormError(applyServerErrors(error, setError, known));
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
            <RulesFields disabled={!canChange} currency={user.company?.currency ?? 'HTG'} />
          </CardContent>
          <Divider sx={{ borderStyle: 'dashed' }} />
          <Box sx={{ p: 3, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="caption" sx={{ color: 'text.secondary', flexGrow: 1 }}>
              {rules.updated_at
                ? t('updatedAt', {
                    date: fDateTime(rules.updated_at, { timeZone: user.company?.timezone, language: i18n.language }),
                  })
                : t('neverSaved')}
            </Typography>
            {canChange ? (
              <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
                {t('components:form.save')}
              </Button>
            ) : null}
          </Box>
        </Card>
      </Box>
    </FormProvider>
  );
}

/** /dashboard/risk-rules: the automatic limit rules (issue 22 §2) and what they change today. */
export default function RiskRulesPage() {
  const { t } = useTranslation(['riskRules', 'nav']);
  const canChange = useCan(riskRuleEndpoints.update);
  const query = useRiskRules();
  return (
    <>
      <PageHeader
        title={t('nav:risk_rules')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:risk_rules') }]}
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <RecordBody query={query} rowHeight={72} retryLabel={t('retry')} failedLabel={t('loadFailed')}>
          {(rules) => <RulesEditor key={rules.updated_at ?? 'new'} rules={rules} canChange={canChange} />}
        </RecordBody>
        <RulesPreview />
      </Box>
    </>
  );
}
