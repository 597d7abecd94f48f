import Box from '@mui/material/Box';
import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RHFDateInput } from '../../../components/date-input';
import { RHFSelect, RHFTextField } from '../../../components/form';
import { AmountInput } from '../../../components/form/amount-input';
import { formatMoney } from '../../../lib/format';
import { centimesToInput } from '../../../lib/money';
import { type CompanyChoice, useCompanyInvoices } from '../api/billing';
import { fPeriod } from '../lib/format';
import type { PaymentFormInput } from '../lib/payment-schema';
import { monthOf, monthPeriod, type Period, shiftMonth } from '../lib/period';

const grid = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** The invoices offered: those of the last twelve months. */
export const invoicesWindow = (today: string): Period => {
  const current = monthOf(today);
  return { start: monthPeriod(shiftMonth(current, -11)).start, end: monthPeriod(current).end };
};

/** The fields of a payment entered by hand; the invoice list follows the chosen company. */
export function PaymentFields({
  companies,
  today,
  editing,
}: {
  companies: CompanyChoice[];
  today: string;
  editing: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  const { control, setValue, getValues } = useFormContext<PaymentFormInput>();
  const companyId = useWatch({ control, name: 'company_id' });
  const invoiceId = useWatch({ control, name: 'invoice_id' });
  const ref = companies.find((c) => c.id === companyId)?.ref;
  const window = useMemo(() => invoicesWindow(today), [today]);
  const invoices = useCompanyInvoices(ref, window);
  const rows = invoices.data?.results ?? [];
  const currency = rows[0]?.currency ?? invoices.data?.totals.currency ?? 'USD';

  // A chosen invoice fills an empty amount with what it asks.
  useEffect(() => {
    const inv = rows.find((i) => i.id === invoiceId);
    if (inv && !getValues('amount')) setValue('amount', centimesToInput(inv.amount), { shouldValidate: true });
  }, [invoiceId, rows, getValues, setValue]);

  const invoiceOptions = rows
    .filter((i) => i.status !== 'cancelled' && (i.status === 'unpaid' || i.id === invoiceId))
    .map((i) => ({
      value: i.id,
      label: `${i.number} · ${fPeriod(i.period_start, i.period_end, i18n.language)} · ${formatMoney(i.amount, i.currency, i18n.language)}${
        i.status === 'paid' ? ` · ${t('status.paid')}` : ''
      }`,
    }));

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={grid}>
        <RHFSelect<PaymentFormInput>
          name="company_id"
          label={t('payments.fields.company')}
          required
          disabled={editing}
          options={companies.map((c) => ({ value: c.id, label: c.name }))}
          onChange={undefined}
          helperText={editing ? t('payments.fields.companyLocked') : undefined}
        />
        <RHFSelect<PaymentFormInput>
          name="invoice_id"
          label={t('payments.fields.invoice')}
          emptyLabel={t('payments.fields.noInvoice')}
          disabled={!ref || invoices.isPending}
          options={invoiceOptions}
          helperText={
            !ref
              ? t('payments.fields.invoiceFirst')
              : invoices.isError
                ? t('payments.fields.invoicesFailed')
                : !invoiceOptions.length && !invoices.isPending
                  ? t('payments.fields.noUnpaid')
                  : t('payments.fields.invoiceHelp')
          }
        />
      </Box>
      <Box sx={grid}>
        <AmountInput<PaymentFormInput>
          name="amount"
          label={t('payments.fields.amount')}
          currency={currency}
          helperText={t('payments.fields.amountHelp', { currency })}
        />
        <RHFDateInput<PaymentFormInput> name="paid_at" label={t('payments.fields.date')} required max={today} />
      </Box>
      <Box sx={grid}>
        <RHFSelect<PaymentFormInput>
          name="method"
          label={t('payments.fields.method')}
          required
          options={(['cash', 'transfer', 'other'] as const).map((m) => ({
            value: m,
            label: t(`payments.method.${m}`),
          }))}
        />
        <RHFTextField<PaymentFormInput>
          name="reference"
          label={t('payments.fields.reference')}
          helperText={t('payments.fields.referenceHelp')}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
      </Box>
      <RHFTextField<PaymentFormInput>
        name="note"
        label={t('payments.fields.note')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
    </Box>
  );
}
