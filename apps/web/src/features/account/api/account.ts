import { accountEndpoints } from '@borlette/shared/contracts/account';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';

export const accountKeys = {
  all: ['account'] as const,
  of: (role: string) => ['account', role] as const,
};

const isRole = <T extends object>(map: T, role: string): role is Extract<keyof T, string> => Object.hasOwn(map, role);

/** The account of each role (the company admin's by default); the superuser's page holds only its password. */
const PROFILE = {
  company: accountEndpoints.companyProfile,
  supervisor: accountEndpoints.supervisorProfile,
  superuser: accountEndpoints.superuserProfile,
};
/** PUT …/user: the company admin's and a supervisor's own account (none for the superuser). */
const UPDATE = { company: accountEndpoints.companyUpdate, supervisor: accountEndpoints.supervisorUpdate };
const OWN_PASSWORD = {
  superuser: accountEndpoints.superuserPassword,
  company: accountEndpoints.companyPassword,
  supervisor: accountEndpoints.supervisorPassword,
  agent: accountEndpoints.agentPassword,
};

export const accountQuery = (role: string) =>
  queryOptions({
    queryKey: accountKeys.of(role),
    queryFn: ({ signal }) =>
      call(isRole(PROFILE, role) ? PROFILE[role] : accountEndpoints.companyProfile, undefined, { signal }),
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
    mutationFn: (form: FormData) => call(isRole(UPDATE, role) ? UPDATE[role] : accountEndpoints.companyUpdate, form),
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
      call(isRole(OWN_PASSWORD, role) ? OWN_PASSWORD[role] : accountEndpoints.companyPassword, body),
    successMessage: t('toast.password'),
    toastErrors: false,
  });
}
