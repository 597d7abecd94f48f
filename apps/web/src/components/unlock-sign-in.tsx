import type { idBody, unlockResult } from '@borlette/shared/contracts/list';
import type { Endpoint } from '@borlette/shared/endpoint';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/api-client';
import { useConfirm } from './confirm-dialog';
import type { RowAction } from './data-table';
import { useMutationWithToast } from './use-mutation-with-toast';

/**
 * « Lever le blocage de connexion » of the people lists (agents, supervisors, generals, company admins):
 * after a confirmation, the endpoint's POST `{ id }` clears the account's wrong-password count, from every
 * address, and the snackbar says how many were cleared (0: it was not locked). Whether an account is
 * locked is not shown in the lists: it is per address, and the answer says it.
 */
/** An unlock endpoint: `{ id }` in, `{ ok, cleared }` out (contracts/people.ts `personWriteEndpoints`). */
export type UnlockEndpoint = Endpoint & { body: typeof idBody; response: typeof unlockResult };

export function useUnlockSignIn(endpoint: UnlockEndpoint) {
  const { t } = useTranslation('components');
  const confirm = useConfirm();
  const unlock = useMutationWithToast({
    mutationFn: (v: { id: number; name: string }) => call(endpoint, { id: v.id }),
    successMessage: (r, v) =>
      r.cleared ? t('unlock.done', { name: v.name, count: r.cleared }) : t('unlock.none', { name: v.name }),
  });
  return (id: number, name: string): RowAction => ({
    key: 'unlock-sign-in',
    label: 'components:unlock.action',
    icon: <LockResetIcon fontSize="small" />,
    onClick: () =>
      void (async () => {
        const ok = await confirm({
          title: t('unlock.title', { name }),
          message: t('unlock.text'),
          confirmText: t('unlock.confirm'),
        });
        if (ok) unlock.mutate({ id, name });
      })(),
  });
}
