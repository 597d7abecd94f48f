import type { ContactMessage } from '@borlette/shared';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';

/** Every query of the feature starts with this key: invalidating it refreshes the list. */
export const CONTACTS_KEY = ['contacts'] as const;
export const CONTACTS_URL = '/api/generals/contacts';

/** Sort keys the list endpoint accepts (server whitelist). */
export const CONTACT_SORTS = { created: 'created_at', name: 'name', email: 'email', handled: 'handled' } as const;

/** Marks a message handled or not; the list (and its filter) refresh. */
export function useMarkHandled() {
  const { t } = useTranslation('contacts');
  return useMutationWithToast({
    mutationFn: (v: { id: number; handled: boolean }) => api.post<ContactMessage>(`${CONTACTS_URL}/handled`, v),
    successMessage: (m) => t(m.handled ? 'toast.handled' : 'toast.unhandled', { name: m.name }),
    invalidate: [CONTACTS_KEY],
  });
}
