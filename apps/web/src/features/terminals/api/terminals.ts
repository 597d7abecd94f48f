import type { SortKey } from '@borlette/shared/contracts/list';
import { type Terminal, type terminalListQuery, terminalsEndpoints } from '@borlette/shared/contracts/terminals';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

export const TERMINALS_KEY = ['terminals'] as const;
export type TerminalSortKey = SortKey<typeof terminalListQuery>;

const invalidate = [TERMINALS_KEY];

export function useApproveTerminal() {
  const { t } = useTranslation('terminals');
  return useMutationWithToast({
    mutationFn: (x: Terminal) => call(terminalsEndpoints.approve, { id: x.id }),
    successMessage: (x) => t('toast.approved', { name: x.name }),
    invalidate,
  });
}

export function useRevokeTerminal() {
  const { t } = useTranslation('terminals');
  return useMutationWithToast({
    mutationFn: (x: Terminal) => call(terminalsEndpoints.revoke, { id: x.id }),
    successMessage: (x) => t('toast.revoked', { name: x.name }),
    invalidate,
  });
}

/** The rename dialog shows its errors inline: no error snackbar. */
export function useRenameTerminal() {
  const { t } = useTranslation('terminals');
  return useMutationWithToast({
    mutationFn: (v: { id: number; name: string }) => call(terminalsEndpoints.rename, v),
    successMessage: (x) => t('toast.renamed', { name: x.name }),
    toastErrors: false,
    invalidate,
  });
}
