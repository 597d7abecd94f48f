import type { CompanySettingsInput, CompanySettingsView } from '@borlette/shared/contracts/company-settings';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';

const URL = '/api/companies/settings';
export const COMPANY_SETTINGS_KEY = ['company-settings'] as const;

/** The company's settings (the selected company for the superuser). */
export function useCompanySettings() {
  return useQuery({
    queryKey: COMPANY_SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<CompanySettingsView>(URL, { signal }),
  });
}

/** PUT what changed; errors show on the form, not in a snackbar. Draws may have moved: refresh them too. */
export function useUpdateCompanySettings() {
  const { t } = useTranslation('companySettings');
  return useMutationWithToast({
    mutationFn: (v: CompanySettingsInput) => api.put<CompanySettingsView>(URL, v),
    successMessage: t('toast.saved'),
    toastErrors: false,
    invalidate: [COMPANY_SETTINGS_KEY, ['tirages']],
  });
}
