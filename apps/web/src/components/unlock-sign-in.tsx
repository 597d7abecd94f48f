import type { UnlockResult } from '@borlette/shared/contracts/list';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api-client';
import { useConfirm } from './confirm-dialog';
import type { RowAction } from './data-table';
import { useMutationWithToast } from './use-mutation-with-toast';

/**
 * « Lever le blocage de connexion » of the people lists (agents, supervisors, generals, company admins):
 * after a confirmation, POST `<url>` `{ id }` clears the account's wrong-password count, from every
 * address, and the snackbar says how many were cleared (0: it was not locked). Whether an account is
 * locked is not shown in the lists: it is per address, and the answer says it.
 */
export function useUnlockSignIn(url: string) {
  const { t } = useTranslation('components');
  const confirm = useConfirm();
  const unlock = useMutationWithToast({
    mutationFn: (v: { id: number; name: string }) => api.post<UnlockResult>(url, { id: v.id }),
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
