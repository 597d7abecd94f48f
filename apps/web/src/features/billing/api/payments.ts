import { billingEndpoints, type CompanyPayment, type CompanyPaymentInput } from '@borlette/shared/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call, isApiError } from '../../../lib/api-client';
import { billingKeys } from './billing';

/** Payments entered by hand (the others come from a provider and are read-only). */
export const MANUAL_METHODS = ['cash', 'transfer', 'other'] as const;
export const isManual = (p: Pick<CompanyPayment, 'method'>) => (MANUAL_METHODS as readonly string[]).includes(p.method);

export type { CompanyPayment };

/** One payment: the list endpoint with `id` (its contract answers the record for an id, a page otherwise). */
export function usePayment(id: number | null) {
  return useQuery({
    queryKey: [...billingKeys.payments, 'detail', id],
    queryFn: async ({ signal }) => {
      const data = await call(billingEndpoints.payments, { id: id ?? undefined }, { signal });
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
    queryKey: [...billingKeys.payments, 'of-invoice', inv?.id],
    queryFn: async ({ signal }) => {
      const data = await call(
        billingEndpoints.payments,
        { company_id: inv?.company_id, search: inv?.number, page_size: 100 },
        { signal },
      );
      const page = 'results' in data ? data : { results: [data] };
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
      // An edit always carries its id (the form page refuses to open without one).
      editing
        ? call(billingEndpoints.updatePayment, { ...v, id: v.id as number })
        : call(billingEndpoints.createPayment, v),
    successMessage: (p) => t(editing ? 'payments.toast.updated' : 'payments.toast.created', { name: p.company_name }),
    toastErrors: false,
    invalidate: [billingKeys.all],
  });
}

/** DELETE cancels a payment entered by hand (the invoice it paid is unpaid again). */
export function useCancelPayment() {
  const { t } = useTranslation('billing');
  return useMutationWithToast({
    mutationFn: (p: Pick<CompanyPayment, 'id' | 'company_name'>) => call(billingEndpoints.cancelPayment, { id: p.id }),
    successMessage: (_, p) => t('payments.toast.cancelled', { name: p.company_name }),
    invalidate: [billingKeys.all],
  });
}
