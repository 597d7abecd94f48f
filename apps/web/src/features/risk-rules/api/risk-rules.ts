import { type RiskRulesInput, riskRuleEndpoints } from '@borlette/shared/contracts/risk-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

export const riskRulesKeys = {
  all: ['risk-rules'] as const,
  preview: (tirageId: number) => ['risk-rules', 'preview', tirageId] as const,
};

/** The company's automatic limit rules (the selected company for the superuser). */
export const riskRulesQuery = () =>
  queryOptions({
    queryKey: riskRulesKeys.all,
    queryFn: ({ signal }) => call(riskRuleEndpoints.get, undefined, { signal }),
  });

export const useRiskRules = () => useQuery(riskRulesQuery());

/** What the rules change today on one draw; refreshed every 30 s (sales move the share rule's limits). */
export function useRiskPreview(tirageId: number | null) {
  return useQuery({
    queryKey: riskRulesKeys.preview(tirageId ?? 0),
    queryFn: ({ signal }) => call(riskRuleEndpoints.preview, { tirage_id: tirageId ?? 0 }, { signal }),
    enabled: tirageId !== null,
    refetchInterval: 30_000,
  });
}

/** PUT the whole form; errors show on the form. The preview follows the new rules. */
export function useUpdateRiskRules() {
  const { t } = useTranslation('riskRules');
  return useMutationWithToast({
    mutationFn: (v: RiskRulesInput) => call(riskRuleEndpoints.update, v),
    successMessage: t('toast.saved'),
    toastErrors: false,
    invalidate: [riskRulesKeys.all],
  });
}
