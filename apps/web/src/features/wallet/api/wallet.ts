import type { WalletEntry, WalletPage } from '@borlette/shared/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { REPORTS_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/session/use-session';
import { keyFor, newKey, type PendingKey, signatureOf } from '../lib/idempotency';

/** Every query of the feature starts with this key: a write refreshes the list, totals and balances. */
export const WALLET_KEY = ['wallet'] as const;
export const WALLET_URL = '/api/companies/transactions';
const ZERO_URL = '/api/companies/transaction-zero';

/** Sort keys the list accepts (server whitelist). */
export const WALLET_SORTS = { at: 'at', agent: 'agent', amount: 'amount', kind: 'kind' } as const;

/**
 * An agent's balance now: the list of today with that agent answers it in `balances` (the endpoint
 * always includes the agent filtered on, with or without entries). One row, no more.
 */
export function useAgentBalance(agentId: number | null, today: string) {
  return useQuery({
    queryKey: [...WALLET_KEY, 'balance', agentId, today],
    queryFn: async ({ signal }) => {
      const page = await api.get<WalletPage>(WALLET_URL, {
        params: { agent_id: agentId ?? undefined, start_date: today, end_date: today, page_size: 1 },
        signal,
      });
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

/** POST /api/companies/transactions: a deposit, withdrawal or adjustment (the form shows errors inline). */
export function useAddMovement() {
  const { t, i18n } = useTranslation('wallet');
  const currency = useUser().company?.currency ?? 'HTG';
  const idem = useIdempotencyKey();
  return useMutationWithToast({
    mutationFn: (v: MovementValues) =>
      api.post<WalletEntry>(WALLET_URL, {
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

/** POST /api/companies/transaction-zero: brings the agent's balance to exactly 0. */
export function useTransactionZero() {
  const { t } = useTranslation('wallet');
  const idem = useIdempotencyKey();
  return useMutationWithToast({
    mutationFn: (v: { agent_id: number; note?: string | null }) =>
      api.post<WalletEntry>(ZERO_URL, {
        agent_id: v.agent_id,
        note: v.note || null,
        idempotency_key: idem.keyFor({ zero: v.agent_id, note: v.note || null }),
      }),
    successMessage: (e) => t('toast.zero', { agent: e.agent_name }),
    onSuccess: () => idem.done(),
    invalidate,
  });
}

/** DELETE /api/companies/transaction-zero?agent_id=&transaction_id=: the reversal entry (once). */
export function useReverseZero() {
  const { t } = useTranslation('wallet');
  return useMutationWithToast({
    mutationFn: (e: Pick<WalletEntry, 'id' | 'agent_id'>) =>
      api.delete<WalletEntry>(ZERO_URL, undefined, { params: { agent_id: e.agent_id, transaction_id: e.id } }),
    successMessage: (e) => t('toast.reversed', { agent: e.agent_name }),
    invalidate,
  });
}
