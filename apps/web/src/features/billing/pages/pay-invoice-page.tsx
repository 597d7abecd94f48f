import { ERROR_CODE } from '@borlette/shared/error-codes';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { DEFAULT_TIME_ZONE, formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { useCompanyChoices, useInvoiceFor, usePayProviders, useStartPayment } from '../api/billing';
import { useInvoicePaidSoFar } from '../api/payments';
import { InvoiceSummary } from '../components/invoice-summary';
import { PeriodPicker } from '../components/period-picker';
import { canPayOnline } from '../lib/invoice-status';
import { PROVIDERS, type Provider, payParamsOf, readPayParams } from '../lib/pay-params';
import { monthOf, monthPeriod, type Period, rangeProblem, todayIn } from '../lib/period';

const shrink = { inputLabel: { shrink: true } } as const;

/**
 * /dashboard/company/pay-facturation: the invoice named by the URL (from the list's « Payer en
 * ligne »), or one chosen here (company + period); « Payer » asks the API for the provider's page and
 * the browser goes there.
 */
export default function PayInvoicePage() {
  const { t, i18n } = useTranslation(['billing', 'nav']);
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const today = todayIn(user.company?.timezone ?? DEFAULT_TIME_ZONE);
  const given = readPayParams(params);
  // One invoice is one calendar month.
  const period: Period = monthPeriod(monthOf(given.start_date ?? today));
  const problem = rangeProblem(period);
  const companies = useCompanyChoices();
  const invoice = useInvoiceFor(given.company, problem ? null : period);
  const start = useStartPayment();
  const offered = usePayProviders();
  const [chosen, setProvider] = useState<Provider | null>(null);
  // Providers the server said it cannot use after all (a refusal at start): offered no more.
  const [unavailable, setUnavailable] = useState<Provider[]>([]);
  // Only what the server can use is offered (MonCash while unconfigured is not).
  const choices = PROVIDERS.filter((p) => offered.data?.providers.includes(p) && !unavailable.includes(p));
  const fallback = offered.data && choices.includes(offered.data.default) ? offered.data.default : choices[0];
  const provider: Provider | undefined = chosen && choices.includes(chosen) ? chosen : fallback;

  // A new choice drops the amount and agents of the link: they are the invoice's, read again.
  const choose = useCallback(
    (patch: { company?: string; period?: Period }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('amount');
          next.delete('nb_agent');
          if (patch.company !== undefined) next.set('company', patch.company);
          if (patch.period) {
            next.set('start_date', patch.period.start);
            next.set('end_date', patch.period.end);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const inv = invoice.data ?? null;
  const paidSoFar = useInvoicePaidSoFar(inv && inv.status === 'unpaid' ? inv : null);
  // What is still due: the invoice less what payments by hand already cover.
  const due = inv ? Math.max(0, inv.amount - (paidSoFar.data ?? 0)) : 0;
  const changed = !!inv && given.complete && (given.amount !== due || given.nb_agent !== inv.active_agents);
  const payable = !!inv && canPayOnline(inv) && due > 0 && paidSoFar.isSuccess;
  const pay = () => {
    if (!inv || !provider) return;
    start.mutate(
      { params: { ...payParamsOf(inv), amount: due }, provider },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === ERROR_CODE.PROVIDER_UNAVAILABLE)
            setUnavailable((u) => [...u, provider]);
          // The invoice changed meanwhile (another payment, a new sale): show it as it is now.
          if (
            isApiError(error) &&
            (error.code === ERROR_CODE.INVOICE_CHANGED || error.code === ERROR_CODE.INVOICE_PAID)
          )
            void invoice.refetch();
        },
      },
    );
  };
  const failure = start.error
    ? isApiError(start.error)
      ? errorMessage(start.error, t('pay.failed'))
      : start.error.message
    : null;

  const title = t('nav:pay_facturation');
  const options = companies.data ?? [];
  const known = options.some((c) => c.ref === given.company);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('pay.subtitle')}
        breadcrumbs={[
          { label: t('nav:app'), to: paths.dashboard.app },
          { label: t('nav:facturation'), to: paths.dashboard.company.facturation },
          { label: title },
        ]}
      />
      <Box sx={{ display: 'grid', gap: 3, maxWidth: 720 }}>
        <Card>
          <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h2" sx={{ flexBasis: '100%' }}>
              {t('pay.choose')}
            </Typography>
            <TextField
              select
              size="small"
              label={t('filters.company')}
              value={known ? given.company : ''}
              onChange={(e) => choose({ company: e.target.value })}
              sx={{ flex: { xs: '1 1 100%', sm: '1 1 220px' } }}
              slotProps={{ ...shrink, select: { displayEmpty: true } }}
              helperText={companies.isError ? errorMessage(companies.error, t('pay.companiesFailed')) : undefined}
              error={companies.isError}
            >
              <MenuItem value="" disabled>
                {given.company && !known ? given.company : t('pay.pickCompany')}
              </MenuItem>
              {options.map((c) => (
                <MenuItem key={c.id} value={c.ref}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            <PeriodPicker period={period} today={today} onChange={(p) => choose({ period: p })} allowRange={false} />
          </CardContent>
        </Card>

        {!given.company ? (
          <Alert severity="info">{t('pay.pickFirst')}</Alert>
        ) : (
          <Card>
            <CardContent sx={{ display: 'grid', gap: 2.5 }}>
              <InvoiceSummary query={invoice} period={period} paidSoFar={paidSoFar.data ?? 0} />
              {changed ? <Alert severity="info">{t('pay.updated')}</Alert> : null}
              {inv && payable ? (
                <>
                  <Divider sx={{ borderStyle: 'dashed' }} />
                  <Box>
                    <Typography variant="subtitle2" component="h3" id="pay-provider" sx={{ mb: 0.5 }}>
                      {t('pay.provider')}
                    </Typography>
                    {offered.isSuccess && !provider ? <Alert severity="info">{t('pay.noProvider')}</Alert> : null}
                    {offered.isError ? (
                      <Alert severity="error">{errorMessage(offered.error, t('pay.failed'))}</Alert>
                    ) : null}
                    <RadioGroup
                      aria-labelledby="pay-provider"
                      value={provider ?? ''}
                      onChange={(e) => setProvider(e.target.value as Provider)}
                    >
                      {choices.map((p) => (
                        <FormControlLabel
                          key={p}
                          value={p}
                          control={<Radio />}
                          label={
                            <Box>
                              <Typography variant="body2">{t(`pay.providers.${p}`)}</Typography>
                              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                                {t(`pay.providersHelp.${p}`)}
                              </Typography>
                            </Box>
                          }
                          sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
                        />
                      ))}
                    </RadioGroup>
                  </Box>
                  {failure ? (
                    <Alert severity="error" onClose={() => start.reset()}>
                      {failure}
                    </Alert>
                  ) : null}
                  <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                    <Button
                      component={RouterLink}
                      to={paths.dashboard.company.facturation}
                      variant="outlined"
                      color="inherit"
                      sx={{ flex: { xs: '1 1 auto', sm: '0 0 auto' } }}
                    >
                      {t('pay.cancel')}
                    </Button>
                    <Button
                      variant="contained"
                      size="large"
                      startIcon={<LockOutlinedIcon />}
                      loading={start.isPending || start.isSuccess}
                      disabled={!provider}
                      onClick={pay}
                      sx={{ flex: { xs: '1 1 auto', sm: '0 0 auto' } }}
                    >
                      {t('pay.submit', { amount: formatMoney(due, inv.currency, i18n.language) })}
                    </Button>
                  </Box>
                </>
              ) : null}
            </CardContent>
          </Card>
        )}
      </Box>
    </>
  );
}
