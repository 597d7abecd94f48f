import { type Message, messageEndpoints } from '@borlette/shared/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

/** Every query of the feature starts with this key: invalidating it refreshes lists and records. */
export const MESSAGES_KEY = ['messages'] as const;

export const messageQuery = (id: number) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'detail', id],
    // With `id`, the list endpoint answers that one message.
    queryFn: async ({ signal }) => (await call(messageEndpoints.list, { id }, { signal })) as Message,
  });

export function useMessage(id: number | null) {
  return useQuery({ ...messageQuery(id ?? 0), enabled: id !== null });
}

/** Sub-branches and agents the user may address (a supervisor: those it watches). */
export function useMessageChoices() {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'choices'],
    queryFn: ({ signal }) => call(messageEndpoints.choices, undefined, { signal }),
    staleTime: 60_000,
  });
}

const invalidate = [MESSAGES_KEY];

/** Forms show their errors inline: no error snackbar. */
export function useSaveMessage(editing: boolean) {
  const { t } = useTranslation('messages');
  return useMutationWithToast({
    mutationFn: (form: FormData) => call(editing ? messageEndpoints.update : messageEndpoints.create, form),
    successMessage: (m) => t(editing ? 'toast.updated' : 'toast.created', { title: m.title }),
    toastErrors: false,
    invalidate,
  });
}

/** The record sent back whole with another status (PUT carries every field). */
export function useToggleMessage() {
  const { t } = useTranslation('messages');
  return useMutationWithToast({
    mutationFn: (m: Message) =>
      call(messageEndpoints.update, {
        id: m.id,
        title: m.title,
        text: m.text,
        audience: m.audience,
        surcussale_id: m.surcussale_id,
        agents: m.agents.map((a) => a.id),
        starts_at: m.starts_at,
        ends_at: m.ends_at,
        status: m.status === 'active' ? 'inactive' : 'active',
      }),
    successMessage: (m) => t(m.status === 'active' ? 'toast.activated' : 'toast.deactivated', { title: m.title }),
    invalidate,
  });
}

export function useDeleteMessage() {
  const { t } = useTranslation('messages');
  return useMutationWithToast({
    mutationFn: (m: Pick<Message, 'id' | 'title'>) => call(messageEndpoints.remove, { id: m.id }),
    successMessage: (_, m) => t('toast.deleted', { title: m.title }),
    invalidate,
  });
}
