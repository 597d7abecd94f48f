import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormPage } from '../../../components/form';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session/use-session';
import { type IntervalValues, useSaveInterval } from '../api/interval-ma';
import {
  EMPTY_INTERVAL,
  INTERVAL_FIELDS,
  IntervalFields,
  type IntervalFormInput,
  makeIntervalSchema,
} from '../components/interval-form';

/** /dashboard/borlette-configuration/interval-ma/new: a free mariage interval. */
export default function IntervalMaFormPage() {
  const { t } = useTranslation(['limits', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const currency = user.company?.currency ?? 'HTG';
  const save = useSaveInterval(currency);
  const schema = useMemo(() => makeIntervalSchema(t), [t]);
  const methods = useForm<IntervalFormInput, unknown, IntervalValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_INTERVAL,
    mode: 'onTouched',
  });
  const list = paths.dashboard.limites.intervalMa;

  return (
    <FormPage
      title={t('nav:interval_ma_new')}
      breadcrumbs={[
        { label: t('nav:app'), to: paths.dashboard.app },
        { label: t('nav:interval_ma'), to: list },
        { label: t('nav:interval_ma_new') },
      ]}
      methods={methods}
      fieldNames={INTERVAL_FIELDS}
      onSubmit={async (v) => {
        await save.mutateAsync(v);
        navigate(list);
      }}
      cancelTo={list}
      submitText={t('intervalMa.create')}
    >
      <Alert severity="info" variant="outlined">
        {t('intervalMa.formHelp')}
      </Alert>
      <IntervalFields currency={currency} autoFocus />
    </FormPage>
  );
}
