import { type PrimeConf, type PrimeType, primeConfEndpoints, primeEndpoints } from '@borlette/shared/contracts/primes';
import type { EndpointOutput } from '@borlette/shared/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';
import type { PrimeConfValues, PrimeGeneralValues } from '../components/prime-schema';

/** Every query of the feature starts with this key. */
export const PRIMES_KEY = ['primes'] as const;
export const GENERAL_LIST_KEY = [...PRIMES_KEY, 'general-list'] as const;

export const confKey = (type: PrimeType) => [...PRIMES_KEY, type] as const;

/** The company's general primes (the selected company for the superuser). */
export function usePrimeGeneral(enabled = true) {
  return useQuery({
    queryKey: [...PRIMES_KEY, 'general'],
    queryFn: ({ signal }) => call(primeEndpoints.general, {}, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** PUT the general primes; `company_id` for the superuser's list of every company. */
export function useUpdatePrimeGeneral() {
  const { t } = useTranslation('primes');
  return useMutationWithToast({
    mutationFn: (v: PrimeGeneralValues & { company_id?: number }) => call(primeEndpoints.updateGeneral, v),
    successMessage: (p) => t('toast.generalSaved', { company: p.company_name }),
    toastErrors: false,
    invalidate: [PRIMES_KEY],
  });
}

export const primeConfQuery = (type: PrimeType, id: number) =>
  queryOptions({
    queryKey: [...confKey(type), 'detail', id],
    queryFn: async ({ signal }) => oneConf(await call(primeConfEndpoints[type].list, { id }, { signal })),
  });

/** The list endpoint answers `?id=` with that one configuration, not a page. */
function oneConf(answer: EndpointOutput<(typeof primeConfEndpoints)[PrimeType]['list']>): PrimeConf {
  if ('results' in answer) throw new Error('primes: a page where one configuration was asked');
  return answer;
}

export function usePrimeConf(type: PrimeType, id: number | null) {
  return useQuery({ ...primeConfQuery(type, id ?? 0), enabled: id !== null });
}

/** Forms show their errors inline: no error snackbar. */
export function useSavePrimeConf(type: PrimeType) {
  const { t } = useTranslation('primes');
  return useMutationWithToast({
    mutationFn: (v: PrimeConfValues & { id?: number; target_id?: number }) =>
      v.id
        ? call(primeConfEndpoints[type].update, { ...v, id: v.id })
        : // No target: 0 is refused as a missing one (« La cible est requis »).
          call(primeConfEndpoints[type].create, { ...v, target_id: v.target_id ?? 0 }),
    successMessage: (p, v) => t(v.id ? 'toast.confUpdated' : 'toast.confCreated', { name: p.target_name }),
    toastErrors: false,
    invalidate: [confKey(type)],
  });
}

export function useDeletePrimeConf(type: PrimeType) {
  const { t } = useTranslation('primes');
  return useMutationWithToast({
    mutationFn: (p: PrimeConf) => call(primeConfEndpoints[type].remove, { id: p.id }),
    successMessage: (_, p) => t('toast.confDeleted', { name: p.target_name }),
    invalidate: [confKey(type)],
  });
}
