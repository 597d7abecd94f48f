import {
  type LimiteFiche,
  limiteFicheEndpoints,
  type limiteFicheListQuery,
} from '@borlette/shared/contracts/limite-fiche';
import type { Page, SortKey } from '@borlette/shared/contracts/list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

export const LIMITE_FICHE_KEY = ['limite-fiche'] as const;
export type LimiteSortKey = SortKey<typeof limiteFicheListQuery>;

/** Whether the company-wide limit exists already (then only per-agent limits can be added). */
export function useCompanyLimitExists() {
  return useQuery({
    queryKey: [...LIMITE_FICHE_KEY, 'company-exists'],
    queryFn: async ({ signal }) => {
      // Without `id` the list answers a page (with `id`, the one limit).
      const page = await call(limiteFicheEndpoints.list, { scope: 'company', page_size: 1 }, { signal });
      return (page as Page<LimiteFiche>).count > 0;
    },
  });
}

/** Agents the user may give a limit to, searched on the server (50 at most). */
export function useLimiteAgents(search: string, enabled = true) {
  return useQuery({
    queryKey: [...LIMITE_FICHE_KEY, 'agents', search],
    queryFn: ({ signal }) => call(limiteFicheEndpoints.agents, { search }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

const invalidate = [LIMITE_FICHE_KEY];
type T = (key: string, options?: Record<string, unknown>) => string;
/** « Marc Alexis » or « la compagnie », for the sentences of the namespace. */
export const limiteTarget = (t: T, l: Pick<LimiteFiche, 'agent_name'>) =>
  l.agent_name ? t('quoted', { name: l.agent_name }) : t('targetCompany');

/** Forms show their errors inline: no error snackbar. */
export function useCreateLimite() {
  const { t } = useTranslation('limiteFiche');
  return useMutationWithToast({
    mutationFn: (v: { agent_id: number | null; max_amount: number }) => call(limiteFicheEndpoints.create, v),
    successMessage: (l) => t('toast.created', { target: limiteTarget(t, l) }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateLimite() {
  const { t } = useTranslation('limiteFiche');
  return useMutationWithToast({
    mutationFn: (v: { id: number; max_amount: number }) => call(limiteFicheEndpoints.update, v),
    successMessage: (l) => t('toast.updated', { target: limiteTarget(t, l) }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockLimite() {
  const { t } = useTranslation('limiteFiche');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => call(limiteFicheEndpoints.block, v),
    successMessage: (l, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { target: limiteTarget(t, l) }),
    invalidate,
  });
}

export function useDeleteLimite() {
  const { t } = useTranslation('limiteFiche');
  return useMutationWithToast({
    mutationFn: (l: LimiteFiche) => call(limiteFicheEndpoints.remove, { id: l.id }),
    successMessage: (_, l) => t('toast.deleted', { target: limiteTarget(t, l) }),
    invalidate,
  });
}
