import { contactEndpoints } from '@borlette/shared/contracts/contact';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

/** Every query of the feature starts with this key: invalidating it refreshes the list. */
export const CONTACTS_KEY = ['contacts'] as const;

/** Marks a message handled or not; the list (and its filter) refresh. */
export function useMarkHandled() {
  const { t } = useTranslation('contacts');
  return useMutationWithToast({
    mutationFn: (v: { id: number; handled: boolean }) => call(contactEndpoints.handled, v),
    successMessage: (m) => t(m.handled ? 'toast.handled' : 'toast.unhandled', { name: m.name }),
    invalidate: [CONTACTS_KEY],
  });
}
