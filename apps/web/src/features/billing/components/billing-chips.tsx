import type { CompanyPayment, Invoice } from '@borlette/shared/contracts/billing';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { alpha, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_TONE, invoiceStatus, type Tone } from '../lib/invoice-status';

/** Text and soft background of a tone, readable in light and dark mode. */
export function toneColors(theme: Theme, tone: Tone) {
  const light = theme.palette.mode === 'light';
  if (tone === 'grey') return { text: theme.palette.grey[light ? 700 : 400], main: theme.palette.grey[500] };
  const p = theme.palette[tone];
  return { text: light ? p.dark : p.light, main: p.main };
}

export function ToneChip({ tone, label, size = 'small' }: { tone: Tone; label: ReactNode; size?: ChipProps['size'] }) {
  return (
    <Chip
      size={size}
      label={label}
      sx={(theme) => {
        const c = toneColors(theme, tone);
        return { color: c.text, bgcolor: alpha(c.main, 0.16), borderRadius: 1, fontWeight: 700 };
      }}
    />
  );
}

/** Payée, Impayée, En retard, Annulée. */
export function InvoiceStatusChip({
  invoice,
  size,
}: {
  invoice: Pick<Invoice, 'status' | 'overdue'>;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation('billing');
  const status = invoiceStatus(invoice);
  return <ToneChip tone={INVOICE_TONE[status]} size={size} label={t(`status.${status}`)} />;
}

/** Confirmé, Annulé. */
export function PaymentStatusChip({ status }: { status: CompanyPayment['status'] }) {
  const { t } = useTranslation('billing');
  return <ToneChip tone={status === 'confirmed' ? 'success' : 'grey'} label={t(`payments.status.${status}`)} />;
}

/** Sandbox, MonCash (online, blue) or Espèces, Virement, Autre (entered by hand, neutral). */
export function MethodChip({ method }: { method: CompanyPayment['method'] }) {
  const { t } = useTranslation('billing');
  const online = method === 'sandbox' || method === 'moncash';
  return <ToneChip tone={online ? 'info' : 'grey'} label={t(`payments.method.${method}`)} />;
}
