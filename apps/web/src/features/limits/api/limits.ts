import type { SaleLimit } from '@borlette/shared/contracts/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';
import type { LimitKindDef } from '../kinds';

/** Every query of the feature starts with this key (one sub-key per kind). */
export const LIMITS_KEY = ['limits'] as const;
export const limitsKey = (k: LimitKindDef) => [...LIMITS_KEY, k.kind] as const;

/** Sort keys the list endpoints accept (server whitelist; number / agent only for their kinds). */
export const LIMIT_SORTS = {
  code: 'code',
  number: 'number',
  agent: 'agent',
  tirage: 'tirage',
  amount: 'max_amount',
  status: 'status',
  updated: 'updated_at',
} as const;

/** The body of POST / PUT: amounts in centimes, tirage_id null = every draw. */
export interface LimitValues {
  code: number;
  tirage_id: number | null;
  max_amount: number;
  agent_id?: number;
  number?: string;
}

export const limitQuery = (k: LimitKindDef, id: number) =>
  queryOptions({
    queryKey: [...limitsKey(k), 'detail', id],
    queryFn: ({ signal }) => api.get<SaleLimit>(k.url, { params: { id }, signal }),
  });

export function useLimit(k: LimitKindDef, id: number | null) {
  return useQuery({ ...limitQuery(k, id ?? 0), enabled: id !== null });
}

/** « 23 (Bolet) » for the sentences: the number of a ball limit, or the game. */
export function useLimitTarget() {
  const { t } = useTranslation('limits');
  return (l: Pick<SaleLimit, 'code' | 'number' | 'agent_name'>) => {
    const game = t(`games.${l.code}`);
    const what = l.number ? t('target.ball', { number: l.number, game }) : t('target.game', { game });
    return l.agent_name ? t('target.agent', { what, agent: l.agent_name }) : what;
  };
}

/** Forms show their errors inline: no error snackbar. */
export function useSaveLimit(k: LimitKindDef) {
  const { t } = useTranslation('limits');
  const target = useLimitTarget();
  return useMutationWithToast({
    mutationFn: (v: LimitValues & { id?: number }) =>
      v.id ? api.put<SaleLimit>(k.url, v) : api.post<SaleLimit>(k.url, v),
    successMessage: (l, v) => t(v.id ? 'toast.updated' : 'toast.created', { target: target(l) }),
    toastErrors: false,
    invalidate: [limitsKey(k)],
  });
}

export function useBlockLimit(k: LimitKindDef) {
  const { t } = useTranslation('limits');
  const target = useLimitTarget();
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => api.post<SaleLimit>(`${k.url}/block`, v),
    successMessage: (l, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { target: target(l) }),
    invalidate: [limitsKey(k)],
  });
}

export function useDeleteLimit(k: LimitKindDef) {
  const { t } = useTranslation('limits');
  const target = useLimitTarget();
  return useMutationWithToast({
    mutationFn: (l: SaleLimit) => api.delete<{ ok: true }>(k.url, { id: l.id }),
    successMessage: (_, l) => t('toast.deleted', { target: target(l) }),
    invalidate: [limitsKey(k)],
  });
}
