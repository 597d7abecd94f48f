import { type GenerateAgentInput, generateAgentEndpoints } from '@borlette/shared/contracts/generate-agent';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

/**
 * `generateAgentEndpoints.generate`. The answer holds the passwords in clear, once: it is kept in the
 * page's state only (never in the query cache).
 */
export function useGenerateAgents() {
  const { t } = useTranslation('generateAgent');
  return useMutationWithToast({
    mutationFn: (input: GenerateAgentInput) => call(generateAgentEndpoints.generate, input),
    successMessage: (list) => t('toast.generated', { count: list.length }),
    toastErrors: false,
    invalidate: [['agents'], ['surcussales'], ['supervisors']],
  });
}
