import { type CompanySettingsInput, companySettingsEndpoints } from '@borlette/shared/contracts/company-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

export const companySettingsKeys = { all: ['company-settings'] as const };

/** The company's settings (the selected company for the superuser). */
export const companySettingsQuery = () =>
  queryOptions({
    queryKey: companySettingsKeys.all,
    queryFn: ({ signal }) => call(companySettingsEndpoints.get, undefined, { signal }),
  });

export function useCompanySettings() {
  return useQuery(companySettingsQuery());
}

/** PUT what changed; errors show on the form, not in a snackbar. Draws may have moved: refresh them too. */
export function useUpdateCompanySettings() {
  const { t } = useTranslation('companySettings');
  return useMutationWithToast({
    mutationFn: (v: CompanySettingsInput) => call(companySettingsEndpoints.update, v),
    successMessage: t('toast.saved'),
    toastErrors: false,
    invalidate: [companySettingsKeys.all, ['tirages']],
  });
}
