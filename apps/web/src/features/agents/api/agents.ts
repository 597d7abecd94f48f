import type { Agent, AgentInput, AgentUpdate } from '@borlette/shared/contracts/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';
import { AGENTS_KEY } from '../../../lib/query-keys';

export const AGENTS_LIST_URL = '/api/companies/list-agent';
const BASE = '/api/companies/agent';

/** Sort keys the list endpoint accepts (server whitelist). */
export const AGENT_SORTS = {
  name: 'name',
  username: 'username',
  surcussale: 'surcussale',
  supervisor: 'supervisor',
  commission: 'commission',
  status: 'status',
  created: 'created_at',
} as const;

export const agentQuery = (id: number) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<Agent>(BASE, { params: { id }, signal }),
  });

export function useAgent(id: number | null) {
  return useQuery({ ...agentQuery(id ?? 0), enabled: id !== null });
}

const invalidate = [AGENTS_KEY, ['surcussales'], ['supervisors']];
const fullName = (a: Pick<Agent, 'first_name' | 'last_name' | 'username'>) =>
  `${a.first_name} ${a.last_name}`.trim() || a.username;

/** Forms show their errors inline (FormPage): no error snackbar. */
export function useCreateAgent() {
  const { t } = useTranslation('agents');
  return useMutationWithToast({
    mutationFn: (values: AgentInput) => api.post<Agent>(BASE, values),
    successMessage: (a) => t('toast.created', { name: fullName(a) }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateAgent() {
  const { t } = useTranslation('agents');
  return useMutationWithToast({
    mutationFn: (values: AgentUpdate) => api.put<Agent>(BASE, values),
    successMessage: (a) => t('toast.updated', { name: fullName(a) }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockAgent() {
  const { t } = useTranslation('agents');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => api.post<Agent>(`${BASE}/block`, v),
    successMessage: (a, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: fullName(a) }),
    invalidate,
  });
}

export function useArchiveAgent() {
  const { t } = useTranslation('agents');
  return useMutationWithToast({
    mutationFn: (a: Pick<Agent, 'id' | 'first_name' | 'last_name' | 'username'>) =>
      api.delete<{ ok: true }>(BASE, { id: a.id }),
    successMessage: (_, a) => t('toast.archived', { name: fullName(a) }),
    invalidate,
  });
}

/** The dialog shows the error itself (on the password field): no error snackbar. */
export function useAgentPassword() {
  const { t } = useTranslation('agents');
  return useMutationWithToast({
    mutationFn: (v: { id: number; password: string; name: string }) =>
      api.post<{ ok: true }>(`${BASE}/password`, { id: v.id, password: v.password }),
    successMessage: (_, v) => t('toast.password', { name: v.name }),
    toastErrors: false,
  });
}
