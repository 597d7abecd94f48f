import {
  type BouleBlock,
  bouleBlockEndpoints,
  type bouleBlockListQuery,
} from '@borlette/shared/contracts/boules-block';
import type { SortKey } from '@borlette/shared/contracts/list';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

/** Blocked numbers (contracts/boules-block.ts « blocage-boule »). */
export const BLOCKS_KEY = ['boules-block'] as const;

export type BlockSortKey = SortKey<typeof bouleBlockListQuery>;

export interface BlockValues {
  number: string;
  tirage_id: number | null;
  note: string | null;
}

/** One number per call; the new page sends several in a row and reports each. No toast of its own. */
export function useCreateBlock() {
  return useMutationWithToast({
    mutationFn: (v: BlockValues) => call(bouleBlockEndpoints.create, v),
    toastErrors: false,
  });
}

export function useUpdateBlock() {
  const { t } = useTranslation('boulesBlock');
  return useMutationWithToast({
    mutationFn: (v: BlockValues & { id: number }) => call(bouleBlockEndpoints.update, v),
    successMessage: (b) => t('toast.updated', { number: b.number }),
    toastErrors: false,
    invalidate: [BLOCKS_KEY],
  });
}

/** blocked false lifts the block (kept in the list, « levé »); true applies it again. */
export function useSetBlocked() {
  const { t } = useTranslation('boulesBlock');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => call(bouleBlockEndpoints.block, v),
    successMessage: (b, v) => t(v.blocked ? 'toast.reapplied' : 'toast.lifted', { number: b.number }),
    invalidate: [BLOCKS_KEY],
  });
}

export function useDeleteBlock() {
  const { t } = useTranslation('boulesBlock');
  return useMutationWithToast({
    mutationFn: (b: BouleBlock) => call(bouleBlockEndpoints.remove, { id: b.id }),
    successMessage: (_, b) => t('toast.deleted', { number: b.number }),
    invalidate: [BLOCKS_KEY],
  });
}
