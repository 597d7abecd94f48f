import {
  type CommissionInput,
  type CommissionLevel,
  commissionEndpoints,
} from '@borlette/shared/contracts/commissions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

/** Every query of the feature starts with this key. */
export const COMMISSIONS_KEY = ['commissions'] as const;
export const listKey = (level: 'surcussale' | 'agent') => [...COMMISSIONS_KEY, 'list', level] as const;

/** What the page edits: a level and its target (none for the company). */
export interface CommissionTarget {
  level: CommissionLevel;
  targetId: number | null;
}

const targetFields = ({ level, targetId }: CommissionTarget) => ({
  level,
  surcussale_id: level === 'surcussale' ? (targetId ?? undefined) : undefined,
  agent_id: level === 'agent' ? (targetId ?? undefined) : undefined,
});

/** One level's rates and those in force for its target. */
export function useCommissionSetting(target: CommissionTarget) {
  const ready = target.level === 'company' || target.targetId !== null;
  return useQuery({
    queryKey: [...COMMISSIONS_KEY, 'setting', target.level, target.targetId],
    queryFn: ({ signal }) => call(commissionEndpoints.get, targetFields(target), { signal }),
    enabled: ready,
  });
}

/** PUT one level's rates; the form shows its errors inline (no error snackbar). */
export function useSaveCommissions(target: CommissionTarget) {
  const { t } = useTranslation('commissions');
  return useMutationWithToast({
    mutationFn: (rates: Omit<CommissionInput, 'level' | 'surcussale_id' | 'agent_id'>) =>
      call(commissionEndpoints.update, { ...targetFields(target), ...rates }),
    successMessage: (s) => (s.target_name ? t('toast.savedFor', { name: s.target_name }) : t('toast.saved')),
    toastErrors: false,
    invalidate: [COMMISSIONS_KEY],
  });
}
