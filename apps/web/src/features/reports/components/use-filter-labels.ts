import { useTranslation } from 'react-i18next';
import { useSurcussaleChoices, useTirageChoices } from '../../../lib/choices';
import { useUser } from '../../../lib/session/use-session';
import type { PeriodState } from '../../../lib/url-state';

/**
 * The filters in force as « label: value » for the printed header: the draw's and sub-branch's names
 * (from the pickers' cached choices), the agent's label from the URL.
 */
export function useFilterLabels(state: PeriodState) {
  const { t } = useTranslation('reports');
  const user = useUser();
  const tirages = useTirageChoices(!!user.company && !!state.tirage);
  const surcussales = useSurcussaleChoices('', !!user.company && !!state.surcussale);
  const name = (list: { id: number; name: string }[] | undefined, id: string) =>
    id ? (list?.find((x) => String(x.id) === id)?.name ?? `#${id}`) : null;
  return [
    { label: t('filters.tirage'), value: name(tirages.data, state.tirage) },
    { label: t('filters.surcussale'), value: name(surcussales.data, state.surcussale) },
    { label: t('filters.agent'), value: state.agent ? state.agentLabel || `#${state.agent}` : null },
  ];
}
