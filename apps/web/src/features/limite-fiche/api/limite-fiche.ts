import type { LimiteFiche, LimiteFicheAgentChoice } from '@borlette/shared/contracts/limite-fiche';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';

export const LIMITE_FICHE_KEY = ['limite-fiche'] as const;
export const LIMITE_FICHE_URL = '/api/games/limite-fiche';

/** Sort keys the list endpoint accepts (server whitelist). */
export const LIMITE_SORTS = { agent: 'agent', amount: 'max_amount', status: 'status', updated: 'updated_at' } as const;

/** Agents the user may give a limit to, searched on the server (50 at most). */
export function useLimiteAgents(search: string, enabled = true) {
  return useQuery({
    queryKey: [...LIMITE_FICHE_KEY, 'agents', search],
    queryFn: ({ signal }) =>
      api.get<LimiteFicheAgentChoice[]>(`${LIMITE_FICHE_URL}/agents`, { params: { search }, signal }),
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
    mutationFn: (v: { agent_id: number | null; max_amount: number }) =>
      api.post<LimiteFiche>('/api/games/add-limite-fiche', v),
    successMessage: (l) => t('toast.created', { target: limiteTarget(t, l) }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateLimite() {
  const { t } = useTranslation('limiteFiche');
  return useMutationWithToast({
    mutationFn: (v: { id: number; max_amount: number }) => api.put<LimiteFiche>('/api/games/update-limite-fiche', v),
    successMessage: (l) => t('toast.updated', { target: limiteTarget(t, l) }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockLimite() {
  const { t } = useTranslation('limiteFiche');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => api.post<LimiteFiche>(`${LIMITE_FICHE_URL}/block`, v),
    successMessage: (l, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { target: limiteTarget(t, l) }),
    invalidate,
  });
}

export function useDeleteLimite() {
  const { t } = useTranslation('limiteFiche');
  return useMutationWithToast({
    mutationFn: (l: LimiteFiche) => api.delete<{ ok: true }>(LIMITE_FICHE_URL, { id: l.id }),
    successMessage: (_, l) => t('toast.deleted', { target: limiteTarget(t, l) }),
    invalidate,
  });
}
