import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../lib/session/use-session';
import type { PeriodState } from '../lib/url-state';
import { ChoiceFilters, FiltersEnd, PeriodRange } from './filters';

export interface PeriodFiltersProps {
  state: PeriodState;
  range: { start: string; end: string };
  problem: 'order' | 'tooLong' | null;
  today: string;
  onChange: (patch: Partial<PeriodState>) => void;
  /** Which pickers the page offers (the period is always there). */
  show?: { tirage?: boolean; surcussale?: boolean; agent?: boolean };
  /** The page's own filters (grouping, game, kind…), after the pickers. */
  children?: ReactNode;
  /** Shows « Effacer les filtres » (the page knows which of its filters narrow). */
  onReset?: () => void;
}

/**
 * Period (shortcuts and two dates), draw, sub-branch and agent of the reports, the statistics and
 * the wallet. The pickers read the choices open to every company user; the superuser with « Toutes »
 * has none (no company), so they hide.
 */
export function PeriodFilters({
  state,
  range,
  problem,
  today,
  onChange,
  show = {},
  children,
  onReset,
}: PeriodFiltersProps) {
  const { t } = useTranslation('reports');
  const user = useUser();
  const hasCompany = !!user.company;
  const pickers = {
    tirage: hasCompany && !!show.tirage,
    surcussale: hasCompany && !!show.surcussale,
    agent: hasCompany && !!show.agent,
  };

  return (
    <Box
      role="search"
      aria-label={t('filters.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      <PeriodRange ns="reports" range={range} problem={problem} today={today} onChange={onChange} />
      <ChoiceFilters ns="reports" value={state} show={pickers} onChange={onChange} />
      {children}
      <FiltersEnd ns="reports" problem={problem} onReset={onReset} />
    </Box>
  );
}
