import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { todayIn } from './day-range';
import { useCompanyDisplay } from './session/use-company-display';
import {
  cleanPeriod,
  PERIOD_SPEC,
  type PeriodKey,
  periodOf,
  periodParams,
  readUrlState,
  type UrlSpec,
  type UrlState,
  writeUrlState,
} from './url-state';

/**
 * The period filters plus a page's own (`extra`), read from and written to the URL, and the API
 * params. An inverted or too long period is not sent: the last valid params stay meanwhile.
 */
export function useUrlFilters<E extends string = never>(extra: UrlSpec<E> = {} as UrlSpec<E>) {
  const display = useCompanyDisplay();
  const [params, setParams] = useSearchParams();
  const today = todayIn(display.timeZone);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the spec is a module constant per page
  const spec = useMemo(() => ({ ...PERIOD_SPEC, ...extra }) as UrlSpec<PeriodKey | E>, []);
  const state = readUrlState(params, spec) as UrlState<PeriodKey | E>;
  const { range, problem } = periodOf(state, today);

  const update = useCallback(
    (patch: Partial<UrlState<PeriodKey | E>>) =>
      setParams((current) => writeUrlState(current, spec, cleanPeriod(patch, today)), { preventScrollReset: true }),
    [setParams, spec, today],
  );

  const base = periodParams(state, range);
  const key = JSON.stringify(base);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by value (key)
  const current = useMemo(() => base, [key]);
  const [lastValid, setLastValid] = useState(current);
  if (!problem && lastValid !== current) setLastValid(current);

  return { state, range, problem, today, update, apiParams: lastValid, display };
}
