import { type CollectionInput, collectionEndpoints } from '@borlette/shared/contracts/collections';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';
import { REPORTS_KEY } from '../../../lib/query-keys';

/** Every query of the feature starts with this key: a write refreshes the list and the reports. */
export const COLLECTIONS_KEY = ['collections'] as const;
const invalidate = [COLLECTIONS_KEY, REPORTS_KEY, ['wallet']];

const newKey = () => `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** A collection; the same content retried keeps its key (the server answers the same collection). */
export function useAddCollection() {
  const { t } = useTranslation('collections');
  const pending = useRef<{ sig: string; key: string } | null>(null);
  return useMutationWithToast({
    mutationFn: (v: Omit<CollectionInput, 'idempotency_key'>) => {
      const sig = JSON.stringify(v);
      if (pending.current?.sig !== sig) pending.current = { sig, key: newKey() };
      return call(collectionEndpoints.add, { ...v, idempotency_key: pending.current.key });
    },
    successMessage: (c) => t('toast.added', { agent: c.agent_name }),
    onSuccess: () => {
      pending.current = null;
    },
    toastErrors: false,
    invalidate,
  });
}

export function useReverseCollection() {
  const { t } = useTranslation('collections');
  return useMutationWithToast({
    mutationFn: (v: { id: number; reason: string }) => call(collectionEndpoints.reverse, v),
    successMessage: (c) => t('toast.reversed', { agent: c.agent_name }),
    invalidate,
  });
}
