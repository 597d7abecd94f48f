import { type Supervisor, supervisorEndpoints } from '@borlette/shared/contracts/supervisors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toFormData } from '../../../components/form';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

/** Every query of the feature starts with this key: invalidating it refreshes lists and records. */
export const supervisorKeys = {
  all: ['supervisors'] as const,
  detail: (id: number) => ['supervisors', 'detail', id] as const,
  formOptions: ['supervisors', 'form-options'] as const,
};

export const supervisorQuery = (id: number) =>
  queryOptions({
    queryKey: supervisorKeys.detail(id),
    queryFn: ({ signal }) => call(supervisorEndpoints.get, { id }, { signal }),
  });

export function useSupervisor(id: number | null) {
  return useQuery({ ...supervisorQuery(id ?? 0), enabled: id !== null });
}

/** Sub-branches of the company and the codenames this user may grant. */
export function useSupervisorFormOptions(enabled = true) {
  return useQuery({
    queryKey: supervisorKeys.formOptions,
    queryFn: ({ signal }) => call(supervisorEndpoints.options, undefined, { signal }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** The body of POST / PUT: multipart, arrays as indexed fields (`permissions[0]`…), the photo as a file. */
export interface SupervisorPayload {
  id?: number;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  username: string;
  password?: string;
  permissions: string[];
  surcussales: number[];
  status?: 'active' | 'blocked';
  photo?: File;
  remove_photo?: boolean;
  /** Basis points as text ('' = none). */
  commission_bp?: string;
}

const invalidate = [supervisorKeys.all, ['surcussales'], ['agents']];
export const supervisorName = (s: Pick<Supervisor, 'first_name' | 'last_name' | 'username'>) =>
  `${s.first_name} ${s.last_name}`.trim() || s.username;

/** Forms show their errors inline (FormPage): no error snackbar. */
export function useSaveSupervisor() {
  const { t } = useTranslation('supervisors');
  return useMutationWithToast({
    mutationFn: (p: SupervisorPayload) => {
      const body = toFormData({ ...p });
      return call(p.id ? supervisorEndpoints.update : supervisorEndpoints.create, body);
    },
    successMessage: (s, p) => t(p.id ? 'toast.updated' : 'toast.created', { name: supervisorName(s) }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockSupervisor() {
  const { t } = useTranslation('supervisors');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => call(supervisorEndpoints.block, v),
    successMessage: (s, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: supervisorName(s) }),
    invalidate,
  });
}

export function useArchiveSupervisor() {
  const { t } = useTranslation('supervisors');
  return useMutationWithToast({
    mutationFn: (s: Pick<Supervisor, 'id' | 'first_name' | 'last_name' | 'username'>) =>
      call(supervisorEndpoints.archive, { id: s.id }),
    successMessage: (_, s) => t('toast.archived', { name: supervisorName(s) }),
    invalidate,
  });
}

export function useSupervisorPassword() {
  const { t } = useTranslation('supervisors');
  return useMutationWithToast({
    mutationFn: (v: { id: number; password: string; name: string }) =>
      call(supervisorEndpoints.password, { id: v.id, password: v.password }),
    successMessage: (_, v) => t('toast.password', { name: v.name }),
    toastErrors: false,
  });
}
