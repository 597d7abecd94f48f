import { agentEndpoints } from '@borlette/shared/contracts/agents';
import { surcussaleEndpoints } from '@borlette/shared/contracts/surcussales';
import { tirageEndpoints } from '@borlette/shared/contracts/tirages';
import { useTranslation } from 'react-i18next';
import { ChoiceFilters, FiltersEnd, IdSelect, PeriodRange } from '../../../components/filters';
import { can } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { type FicheFilters, type FicheKind, hasNarrowingFilter, KIND_STATUSES } from '../lib/fiche-filters';

interface ToolbarProps {
  kind: FicheKind;
  filters: FicheFilters;
  range: { start: string; end: string };
  problem: 'order' | 'tooLong' | null;
  today: string;
  onChange: (patch: Partial<FicheFilters>) => void;
}

/**
 * Period (shortcuts and two dates), draw, sub-branch, agent and status of the ticket lists. The
 * pickers read other modules' lists and need what those lists need (`can`): without it the picker is
 * not shown, and a refusal all the same hides it too.
 */
export function FicheToolbar({ kind, filters, range, problem, today, onChange }: ToolbarProps) {
  const { t } = useTranslation('fiches');
  const user = useUser();
  const statuses = KIND_STATUSES[kind];
  const pickers = {
    tirage: can(user, tirageEndpoints.list),
    surcussale: can(user, surcussaleEndpoints.list),
    agent: can(user, agentEndpoints.list),
  };
  const reset = () => onChange({ tirage: '', surcussale: '', agent: '', status: '' });

  return (
    <>
      <PeriodRange ns="fiches" range={range} problem={problem} today={today} onChange={onChange} />
      <ChoiceFilters ns="fiches" value={filters} show={pickers} onChange={onChange} />
      <IdSelect
        label={t('filters.status')}
        allLabel={t('filters.allStatuses')}
        value={filters.status}
        options={statuses.length ? statuses.map((s) => ({ id: s, name: t(`status.${s}`) })) : undefined}
        onChange={(status) => onChange({ status })}
      />
      <FiltersEnd ns="fiches" problem={problem} onReset={hasNarrowingFilter(filters) ? reset : undefined} />
    </>
  );
}
