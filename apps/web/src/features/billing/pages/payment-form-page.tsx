import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormPage, parseRouteId } from '../../../components/form';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { DEFAULT_TIME_ZONE } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { useCompanyChoices } from '../api/billing';
import { isManual, usePayment, useSavePayment } from '../api/payments';
import { PaymentFields } from '../components/payment-fields';
import {
  emptyPayment,
  formToPayment,
  makePaymentSchema,
  type PaymentFormInput,
  type PaymentFormOutput,
  paymentToForm,
} from '../lib/payment-schema';
import { todayIn } from '../lib/period';

const FIELDS = ['company_id', 'invoice_id', 'amount', 'method', 'reference', 'paid_at', 'note'] as const;

/** /dashboard/company/payment/new and /:paymentId/edit: a payment entered by hand. */
export default function PaymentFormPage() {
  const { t } = useTranslation(['billing', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const rawId = useParams().paymentId;
  const id = parseRouteId(rawId);
  const editing = rawId !== undefined;
  const zone = user.company?.timezone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(zone);
  const list = paths.dashboard.company.payment;
  const all = useCompanyChoices();
  // The history and its writes follow the company selected in the top bar, if one is.
  const selectedRef = user.company?.ref_code;
  const companies = {
    ...all,
    data: selectedRef ? all.data?.filter((c) => c.ref === selectedRef) : all.data,
  };
  const payment = usePayment(editing ? id : null);
  const save = useSavePayment(editing);

  const schema = useMemo(() => makePaymentSchema((k) => t(`payments.errors.${k}`)), [t]);
  const preset = useRef(
    emptyPayment(
      today,
      parseRouteId(search.get('company_id') ?? undefined),
      parseRouteId(search.get('invoice_id') ?? undefined),
    ),
  );
  // Only one company to choose: it is chosen.
  const only = !editing && companies.data?.length === 1 ? companies.data[0].id : null;
  const methods = useForm<PaymentFormInput, unknown, PaymentFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: preset.current,
    mode: 'onTouched',
  });
  // The record arrives after the first render: the form takes it once.
  const loaded = payment.data;
  useEffect(() => {
    if (loaded) methods.reset(paymentToForm(loaded, zone));
  }, [loaded, methods, zone]);
  useEffect(() => {
    if (only !== null && !methods.getValues('company_id')) methods.setValue('company_id', only);
  }, [only, methods]);
  // Another company: its invoice no longer applies.
  const companyId = useWatch({ control: methods.control, name: 'company_id' });
  const shownCompany = useRef(companyId);
  useEffect(() => {
    if (shownCompany.current === companyId) return;
    shownCompany.current = companyId;
    if (!editing) methods.setValue('invoice_id', null);
  }, [companyId, editing, methods]);

  const title = t(editing ? 'nav:payments_edit' : 'nav:payments_new');
  const toList = (
    <Button component={RouterLink} to={list} color="inherit" size="small">
      {t('payments.backToList')}
    </Button>
  );
  let blocked: ReactNode;
  if (editing && (id === null || (payment.isError && isApiError(payment.error) && payment.error.statusCode === 404)))
    blocked = (
      <Alert severity="warning" action={toList}>
        {t('payments.notFound')}
      </Alert>
    );
  else if (editing && payment.isError)
    blocked = (
      <Alert severity="error" action={toList}>
        {errorMessage(payment.error, t('payments.loadFailed'))}
      </Alert>
    );
  else if (loaded && !isManual(loaded))
    blocked = (
      <Alert severity="info" action={toList}>
        {t('payments.readOnlyOnline')}
      </Alert>
    );
  else if (loaded?.status === 'cancelled')
    blocked = (
      <Alert severity="info" action={toList}>
        {t('payments.readOnlyCancelled')}
      </Alert>
    );
  else if (companies.isError)
    blocked = (
      <Alert severity="error" action={toList}>
        {errorMessage(companies.error, t('pay.companiesFailed'))}
      </Alert>
    );

  return (
    <FormPage
      title={title}
      breadcrumbs={[
        { label: t('nav:app'), to: paths.dashboard.app },
        { label: t('nav:payments'), to: list },
        { label: title },
      ]}
      methods={methods}
      fieldNames={FIELDS}
      onSubmit={async (v) => {
        const body = formToPayment(v);
        await save.mutateAsync(editing && id ? { ...body, id } : body);
        navigate(list);
      }}
      cancelTo={list}
      submitText={editing ? t('payments.save') : t('payments.create')}
      loading={companies.isPending || (editing && payment.isPending)}
      blocked={blocked}
    >
      <PaymentFields companies={companies.data ?? []} today={today} editing={editing} />
    </FormPage>
  );
}
