import type { BouleBlock } from '@borlette/shared/contracts/boules-block';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';

/** Blocked numbers (contracts/limits.ts « blocage-boule »). */
export const BLOCKS_KEY = ['boules-block'] as const;
export const BLOCKS_URL = '/api/companies/boules-block';

/** Sort keys of the list (server whitelist). */
export const BLOCK_SORTS = { number: 'number', tirage: 'tirage', state: 'blocked', created: 'created_at' } as const;

export interface BlockValues {
  number: string;
  tirage_id: number | null;
  note: string | null;
}

/** One number per call; the new page sends several in a row and reports each. No toast of its own. */
export function useCreateBlock() {
  return useMutationWithToast({
    mutationFn: (v: BlockValues) => api.post<BouleBlock>(BLOCKS_URL, v),
    toastErrors: false,
  });
}

export function useUpdateBlock() {
  const { t } = useTranslation('boulesBlock');
  return useMutationWithToast({
    mutationFn: (v: BlockValues & { id: number }) => api.put<BouleBlock>(BLOCKS_URL, v),
    successMessage: (b) => t('toast.updated', { number: b.number }),
    toastErrors: false,
    invalidate: [BLOCKS_KEY],
  });
}

/** blocked false lifts the block (kept in the list, « levé »); true applies it again. */
export function useSetBlocked() {
  const { t } = useTranslation('boulesBlock');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => api.post<BouleBlock>(`${BLOCKS_URL}/block`, v),
    successMessage: (b, v) => t(v.blocked ? 'toast.reapplied' : 'toast.lifted', { number: b.number }),
    invalidate: [BLOCKS_KEY],
  });
}

export function useDeleteBlock() {
  const { t } = useTranslation('boulesBlock');
  return useMutationWithToast({
    mutationFn: (b: BouleBlock) => api.delete<{ ok: true }>(BLOCKS_URL, undefined, { params: { id: b.id } }),
    successMessage: (_, b) => t('toast.deleted', { number: b.number }),
    invalidate: [BLOCKS_KEY],
  });
}
