import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardFilters } from '../api/dashboards';
import {
  isoDayOrEmpty,
  type PeriodKey,
  parsePeriod,
  periodRange,
  type Range,
  rangeProblem,
  todayIn,
} from '../lib/period';

/** An ISO 4217 code of the URL (the superuser's « Toutes » over several currencies), else none. */
const currencyCode = (v: string | null) => (v && /^[A-Z]{3}$/.test(v) ? v : undefined);

const positiveId = (v: string | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * The board's filters, kept in the URL: `period` (today by default), `start_date` / `end_date` for a
 * custom range, `tirage_id`, `surcussale_id`, `currency` (« Toutes » over several currencies). A custom
 * range the server would refuse is not sent: the board keeps the last valid one and the inputs say
 * what is wrong.
 */
export function useDashboardFilters(timeZone: string | null | undefined) {
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const period = parsePeriod(params.get('period'));
  const customStart = isoDayOrEmpty(params.get('start_date'));
  const customEnd = isoDayOrEmpty(params.get('end_date'));
  const tirageId = positiveId(params.get('tirage_id'));
  const surcussaleId = positiveId(params.get('surcussale_id'));
  const currency = currencyCode(params.get('currency'));
  const wanted = periodRange(period, today, { start: customStart, end: customEnd });
  const problem = period === 'custom' ? rangeProblem(customStart, customEnd) : null;

  const [valid, setValid] = useState<Range>(() => wanted ?? { start: today, end: today });
  if (wanted && (wanted.start !== valid.start || wanted.end !== valid.end)) setValid(wanted);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  const setPeriod = useCallback(
    (next: PeriodKey) => {
      if (next !== 'custom')
        return update({ period: next === 'today' ? undefined : next, start_date: undefined, end_date: undefined });
      // A custom range starts from what is on screen.
      return update({ period: 'custom', start_date: customStart || valid.start, end_date: customEnd || valid.end });
    },
    [update, customStart, customEnd, valid],
  );

  const query: DashboardFilters = useMemo(
    () => ({
      start_date: valid.start,
      end_date: valid.end,
      tirage_id: tirageId,
      surcussale_id: surcussaleId,
      currency,
    }),
    [valid, tirageId, surcussaleId, currency],
  );

  return {
    period,
    range: valid,
    today,
    problem,
    custom: { start: customStart, end: customEnd },
    tirageId,
    surcussaleId,
    query,
    setPeriod,
    setCustom: (key: 'start_date' | 'end_date', value: string) => update({ [key]: isoDayOrEmpty(value) }),
    setTirage: (id: number | undefined) => update({ tirage_id: id }),
    setSurcussale: (id: number | undefined) => update({ surcussale_id: id }),
    setCurrency: (code: string | undefined) => update({ currency: code }),
  };
}
