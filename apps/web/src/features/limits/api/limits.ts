import type { SaleLimit, saleLimitListQueries } from '@borlette/shared/contracts/limits';
import type { SortKey } from '@borlette/shared/contracts/list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';
import type { LimitKindDef } from '../kinds';

/** Every query of the feature starts with this key (one sub-key per kind). */
export const LIMITS_KEY = ['limits'] as const;
export const limitsKey = (k: LimitKindDef) => [...LIMITS_KEY, k.kind] as const;

/** Sort keys of any kind's list (number / agent only for their kinds: contracts/limits.ts). */
export type LimitSortKey = SortKey<(typeof saleLimitListQueries)[keyof typeof saleLimitListQueries]>;

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
    // `?id=` answers the one limit (the endpoint's union: a page or a limit).
    queryFn: async ({ signal }) => (await call(k.endpoints.list, { id }, { signal })) as SaleLimit,
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
      v.id ? call(k.endpoints.update, { ...v, id: v.id }) : call(k.endpoints.create, v),
    successMessage: (l, v) => t(v.id ? 'toast.updated' : 'toast.created', { target: target(l) }),
    toastErrors: false,
    invalidate: [limitsKey(k)],
  });
}

export function useBlockLimit(k: LimitKindDef) {
  const { t } = useTranslation('limits');
  const target = useLimitTarget();
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => call(k.endpoints.block, v),
    successMessage: (l, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { target: target(l) }),
    invalidate: [limitsKey(k)],
  });
}

export function useDeleteLimit(k: LimitKindDef) {
  const { t } = useTranslation('limits');
  const target = useLimitTarget();
  return useMutationWithToast({
    mutationFn: (l: SaleLimit) => call(k.endpoints.remove, { id: l.id }),
    successMessage: (_, l) => t('toast.deleted', { target: target(l) }),
    invalidate: [limitsKey(k)],
  });
}
