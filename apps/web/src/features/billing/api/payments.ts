import type { CompanyPayment, CompanyPaymentInput } from '@borlette/shared/contracts/billing';
import type { Page } from '@borlette/shared/contracts/list';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api, isApiError } from '../../../lib/api-client';
import { BILLING_KEY } from './billing';

export const PAYMENTS_KEY = [...BILLING_KEY, 'payments'] as const;
export const PAYMENTS_URL = '/api/companies/historics-payment';

/** Sort keys the payment history accepts (server whitelist). */
export const PAYMENT_SORTS = {
  paidAt: 'paid_at',
  amount: 'amount',
  company: 'company_name',
  method: 'method',
  status: 'status',
  invoice: 'invoice_number',
} as const;

/** Payments entered by hand (the others come from a provider and are read-only). */
export const MANUAL_METHODS = ['cash', 'transfer', 'other'] as const;
export const isManual = (p: Pick<CompanyPayment, 'method'>) => (MANUAL_METHODS as readonly string[]).includes(p.method);

export type { CompanyPayment };

/** One payment: the list endpoint with `id` (answers the record, or a page holding it). */
export function usePayment(id: number | null) {
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'detail', id],
    queryFn: async ({ signal }) => {
      const data = await api.get<CompanyPayment | Page<CompanyPayment>>(PAYMENTS_URL, { params: { id }, signal });
      const found = 'results' in data ? data.results.find((p) => p.id === id) : data;
      if (!found) throw new Error('not-found');
      return found;
    },
    enabled: id !== null,
    retry: (count, error) => !(isApiError(error) && [403, 404].includes(error.statusCode)) && count < 2,
  });
}

/**
 * What the confirmed payments of an invoice already cover (a payment by hand may pay part of it):
 * the online payment asks for the rest. The history is searched by the invoice's number.
 */
export function useInvoicePaidSoFar(inv: { id: number; number: string; company_id: number } | null) {
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'of-invoice', inv?.id],
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<CompanyPayment>>(PAYMENTS_URL, {
        params: { company_id: inv?.company_id, search: inv?.number, page_size: 100 },
        signal,
      });
      return page.results
        .filter((p) => p.invoice_id === inv?.id && p.status === 'confirmed')
        .reduce((sum, p) => sum + p.amount, 0);
    },
    enabled: !!inv,
  });
}

/** Forms show their errors inline (FormPage): no error snackbar. */
export function useSavePayment(editing: boolean) {
  const { t } = useTranslation('billing');
  return useMutationWithToast({
    mutationFn: (v: CompanyPaymentInput & { id?: number }) =>
      editing ? api.put<CompanyPayment>(PAYMENTS_URL, v) : api.post<CompanyPayment>(PAYMENTS_URL, v),
    successMessage: (p) => t(editing ? 'payments.toast.updated' : 'payments.toast.created', { name: p.company_name }),
    toastErrors: false,
    invalidate: [BILLING_KEY],
  });
}

/** DELETE cancels a payment entered by hand (the invoice it paid is unpaid again). */
export function useCancelPayment() {
  const { t } = useTranslation('billing');
  return useMutationWithToast({
    mutationFn: (p: Pick<CompanyPayment, 'id' | 'company_name'>) =>
      api.delete<{ ok: true }>(PAYMENTS_URL, { id: p.id }),
    successMessage: (_, p) => t('payments.toast.cancelled', { name: p.company_name }),
    invalidate: [BILLING_KEY],
  });
}
