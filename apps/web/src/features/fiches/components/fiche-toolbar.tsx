import { useTranslation } from 'react-i18next';
import { ChoiceFilters, FiltersEnd, IdSelect, PeriodRange } from '../../../components/filters';
import { hasPermission } from '../../../lib/authorization';
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
 * pickers belong to other features and need their codenames (view_tirage, view_surcussale,
 * view_agent): without it the picker is not shown, and a refusal all the same hides it too.
 */
export function FicheToolbar({ kind, filters, range, problem, today, onChange }: ToolbarProps) {
  const { t } = useTranslation('fiches');
  const user = useUser();
  const statuses = KIND_STATUSES[kind];
  const pickers = {
    tirage: hasPermission(user, 'view_tirage'),
    surcussale: hasPermission(user, 'view_surcussale'),
    agent: hasPermission(user, 'view_agent'),
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
