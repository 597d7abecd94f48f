import type { AccountProfile, OwnPasswordAnswer } from '@borlette/shared/contracts/account';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api, rolePrefix } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';

export const ACCOUNT_KEY = ['account'] as const;

/** '/api/companies/user' for the company admin, '/api/supervisors/user' for a supervisor. */
export function accountUrl(role: string): string {
  return `/api/${rolePrefix(role) ?? 'companies'}/user`;
}

export const accountQuery = (role: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_KEY, role],
    queryFn: ({ signal }) => api.get<AccountProfile>(`${accountUrl(role)}/account`, { signal }),
    staleTime: 60_000,
  });

export function useAccount(role: string) {
  return useQuery(accountQuery(role));
}

export type AccountPart = 'info' | 'images' | 'password';

/**
 * PUT …/user (multipart) with one part of the account. The answer is the updated current user: the
 * session (top bar, sidebar) and the account query take it at once. Forms show errors inline.
 */
export function useUpdateAccount(role: string, part: AccountPart) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const { replaceUser } = useSession();
  return useMutationWithToast({
    mutationFn: (form: FormData) => api.put<AccountProfile>(accountUrl(role), form),
    successMessage: t(`toast.${part}`),
    toastErrors: false,
    onSuccess: (profile) => {
      client.setQueryData(accountQuery(role).queryKey, profile);
      replaceUser(profile);
    },
  });
}

/** POST …/user/password (JSON): the person's own password, whatever their role and codenames. */
export function useChangeOwnPassword(role: string) {
  const { t } = useTranslation('account');
  return useMutationWithToast({
    mutationFn: (body: { current_password: string; new_password: string }) =>
      api.post<OwnPasswordAnswer>(`${accountUrl(role)}/password`, body),
    successMessage: t('toast.password'),
    toastErrors: false,
  });
}
