import { type Agent, type AgentInput, type AgentUpdate, agentEndpoints } from '@borlette/shared/contracts/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';
import { AGENTS_KEY } from '../../../lib/query-keys';

/** Every query of the feature starts with this key: invalidating it refreshes lists and records. */
export const agentKeys = {
  all: AGENTS_KEY,
  detail: (id: number) => [...AGENTS_KEY, 'detail', id] as const,
};

export const agentQuery = (id: number) =>
  queryOptions({
    queryKey: agentKeys.detail(id),
    queryFn: ({ signal }) => call(agentEndpoints.get, { id }, { signal }),
  });

export function useAgent(id: number | null) {
  return useQuery({ ...agentQuery(id ?? 0), enabled: id !== null });
}

const invalidate = [agentKeys.all, ['surcussales'], ['supervisors']];
const fullName = (a: Pick<Agent, 'first_name' | 'last_name' | 'username'>) =>
  `${a.first_name} ${a.last_name}`.trim() || a.username;

/** Forms show their errors inline (FormPage): no error snackbar. */
export function useCreateAgent() {
  const { t } = useTranslation('agents');
  return useMutationWithToast({
    mutationFn: (values: AgentInput) => call(agentEndpoints.create, values),
    successMessage: (a) => t('toast.created', { name: fullName(a) }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateAgent() {
  const { t } = useTranslation('agents');
  return useMutationWithToast({
    mutationFn: (values: AgentUpdate) => call(agentEndpoints.update, values),
    successMessage: (a) => t('toast.updated', { name: fullName(a) }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockAgent() {
  const { t } = useTranslation('agents');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => call(agentEndpoints.block, v),
    successMessage: (a, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: fullName(a) }),
    invalidate,
  });
}

export function useArchiveAgent() {
  const { t } = useTranslation('agents');
  return useMutationWithToast({
    mutationFn: (a: Pick<Agent, 'id' | 'first_name' | 'last_name' | 'username'>) =>
      call(agentEndpoints.archive, { id: a.id }),
    successMessage: (_, a) => t('toast.archived', { name: fullName(a) }),
    invalidate,
  });
}

/** The dialog shows the error itself (on the password field): no error snackbar. */
export function useAgentPassword() {
  const { t } = useTranslation('agents');
  return useMutationWithToast({
    mutationFn: (v: { id: number; password: string; name: string }) =>
      call(agentEndpoints.password, { id: v.id, password: v.password }),
    successMessage: (_, v) => t('toast.password', { name: v.name }),
    toastErrors: false,
  });
}
