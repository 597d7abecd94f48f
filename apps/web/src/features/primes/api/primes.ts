import type { PrimeConf, PrimeGeneral, PrimeType } from '@borlette/shared/contracts/primes';
import type { Codename } from '@borlette/shared/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';
import type { PrimeConfValues, PrimeGeneralValues } from '../components/prime-schema';

/** Every query of the feature starts with this key. */
export const PRIMES_KEY = ['primes'] as const;
const GENERAL_URL = '/api/companies/prime';
export const GENERAL_LIST_URL = '/api/companies/prime/list';
export const GENERAL_LIST_KEY = [...PRIMES_KEY, 'general-list'] as const;

/** Sort keys of the lists (server whitelists). */
export const GENERAL_SORTS = {
  company: 'company_name',
  bolet: 'bolet_1',
  mariage: 'mariage',
  updated: 'updated_at',
} as const;
export const CONF_SORTS = { target: 'target_name', updated: 'updated_at' } as const;

/** The levels below general: endpoint and codenames (a draw's primes have their own). */
export const PRIME_LEVELS: Record<PrimeType, { url: string; view: Codename; add: Codename; change: Codename }> = {
  tirage: {
    url: '/api/companies/prime-tirage',
    view: 'view_tiragetauxtirage',
    add: 'add_tiragetauxtirage',
    change: 'change_tiragetauxtirage',
  },
  surcussale: {
    url: '/api/companies/prime-surcussale',
    view: 'view_agenttauxtirage',
    add: 'add_agenttauxtirage',
    change: 'change_agenttauxtirage',
  },
  agent: {
    url: '/api/companies/prime-agent',
    view: 'view_agenttauxtirage',
    add: 'add_agenttauxtirage',
    change: 'change_agenttauxtirage',
  },
};

export const confKey = (type: PrimeType) => [...PRIMES_KEY, type] as const;

/** The company's general primes (the selected company for the superuser). */
export function usePrimeGeneral(enabled = true) {
  return useQuery({
    queryKey: [...PRIMES_KEY, 'general'],
    queryFn: ({ signal }) => api.get<PrimeGeneral>(GENERAL_URL, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** PUT the general primes; `company_id` for the superuser's list of every company. */
export function useUpdatePrimeGeneral() {
  const { t } = useTranslation('primes');
  return useMutationWithToast({
    mutationFn: (v: PrimeGeneralValues & { company_id?: number }) => api.put<PrimeGeneral>(GENERAL_URL, v),
    successMessage: (p) => t('toast.generalSaved', { company: p.company_name }),
    toastErrors: false,
    invalidate: [PRIMES_KEY],
  });
}

export const primeConfQuery = (type: PrimeType, id: number) =>
  queryOptions({
    queryKey: [...confKey(type), 'detail', id],
    queryFn: ({ signal }) => api.get<PrimeConf>(PRIME_LEVELS[type].url, { params: { id }, signal }),
  });

export function usePrimeConf(type: PrimeType, id: number | null) {
  return useQuery({ ...primeConfQuery(type, id ?? 0), enabled: id !== null });
}

/** Forms show their errors inline: no error snackbar. */
export function useSavePrimeConf(type: PrimeType) {
  const { t } = useTranslation('primes');
  return useMutationWithToast({
    mutationFn: (v: PrimeConfValues & { id?: number; target_id?: number }) =>
      v.id ? api.put<PrimeConf>(PRIME_LEVELS[type].url, v) : api.post<PrimeConf>(PRIME_LEVELS[type].url, v),
    successMessage: (p, v) => t(v.id ? 'toast.confUpdated' : 'toast.confCreated', { name: p.target_name }),
    toastErrors: false,
    invalidate: [confKey(type)],
  });
}

export function useDeletePrimeConf(type: PrimeType) {
  const { t } = useTranslation('primes');
  return useMutationWithToast({
    mutationFn: (p: PrimeConf) => api.delete<{ ok: true }>(PRIME_LEVELS[type].url, undefined, { params: { id: p.id } }),
    successMessage: (_, p) => t('toast.confDeleted', { name: p.target_name }),
    invalidate: [confKey(type)],
  });
}
