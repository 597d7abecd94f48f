import { walletEndpoints } from '@borlette/shared/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { REPORTS_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/session/use-session';
import { keyFor, newKey, type PendingKey, signatureOf } from '../lib/idempotency';

/** Every query of the feature starts with this key: a write refreshes the list, totals and balances. */
export const WALLET_KEY = ['wallet'] as const;

/**
 * An agent's balance now: the list of today with that agent answers it in `balances` (the endpoint
 * always includes the agent filtered on, with or without entries). One row, no more.
 */
export function useAgentBalance(agentId: number | null, today: string) {
  return useQuery({
    queryKey: [...WALLET_KEY, 'balance', agentId, today],
    queryFn: async ({ signal }) => {
      const page = await call(
        walletEndpoints.list,
        { agent_id: agentId ?? undefined, start_date: today, end_date: today, page_size: 1 },
        { signal },
      );
      return page.balances.find((b) => b.agent_id === agentId)?.balance ?? 0;
    },
    enabled: agentId !== null,
    staleTime: 0,
  });
}

/** A write's key, kept while the same content is retried and forgotten once it succeeded. */
function useIdempotencyKey() {
  const pending = useRef<PendingKey | null>(null);
  return {
    keyFor: (content: Parameters<typeof signatureOf>[0]) => {
      pending.current = keyFor(pending.current, signatureOf(content), newKey);
      return pending.current.key;
    },
    done: () => {
      pending.current = null;
    },
  };
}

/** Writes change balances and the agent report too. */
const invalidate = [WALLET_KEY, REPORTS_KEY];

export interface MovementValues {
  agent_id: number;
  kind: 'deposit' | 'withdrawal' | 'adjustment';
  /** Centimes, positive (the server applies the sign). */
  amount: number;
  owes_more?: boolean;
  note: string | null;
}

/** A deposit, withdrawal or adjustment (the form shows errors inline). */
export function useAddMovement() {
  const { t, i18n } = useTranslation('wallet');
  const currency = useUser().company?.currency ?? 'HTG';
  const idem = useIdempotencyKey();
  return useMutationWithToast({
    mutationFn: (v: MovementValues) =>
      call(walletEndpoints.add, {
        ...v,
        idempotency_key: idem.keyFor({ ...v, note: v.note || null, owes_more: v.owes_more ?? null }),
      }),
    successMessage: (e) =>
      t('toast.added', {
        kind: t(`kinds.${e.kind}`),
        agent: e.agent_name,
        amount: formatMoney(Math.abs(e.amount), currency, i18n.language),
      }),
    onSuccess: () => idem.done(),
    toastErrors: false,
    invalidate,
  });
}

/** The transaction zero: brings the agent's balance to exactly 0. */
export function useTransactionZero() {
  const { t } = useTranslation('wallet');
  const idem = useIdempotencyKey();
  return useMutationWithToast({
    mutationFn: (v: { agent_id: number; note?: string | null }) =>
      call(walletEndpoints.zero, {
        agent_id: v.agent_id,
        note: v.note || null,
        idempotency_key: idem.keyFor({ zero: v.agent_id, note: v.note || null }),
      }),
    successMessage: (e) => t('toast.zero', { agent: e.agent_name }),
    onSuccess: () => idem.done(),
    invalidate,
  });
}

/** Reverses a transaction zero: the reversal entry (once). */
export function useReverseZero() {
  const { t } = useTranslation('wallet');
  return useMutationWithToast({
    mutationFn: (e: { id: number; agent_id: number }) =>
      call(walletEndpoints.reverseZero, { agent_id: e.agent_id, transaction_id: e.id }),
    successMessage: (e) => t('toast.reversed', { agent: e.agent_name }),
    invalidate,
  });
}
