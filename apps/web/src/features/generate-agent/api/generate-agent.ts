import type { GenerateAgentInput, GeneratedAgent } from '@borlette/shared/contracts/generate-agent';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';

/**
 * POST /api/companies/generate-agent. The answer holds the passwords in clear, once: it is kept in the
 * page's state only (never in the query cache).
 */
export function useGenerateAgents() {
  const { t } = useTranslation('generateAgent');
  return useMutationWithToast({
    mutationFn: (input: GenerateAgentInput) => api.post<GeneratedAgent[]>('/api/companies/generate-agent', input),
    successMessage: (list) => t('toast.generated', { count: list.length }),
    toastErrors: false,
    invalidate: [['agents'], ['surcussales'], ['supervisors']],
  });
}
