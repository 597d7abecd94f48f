import Box from '@mui/material/Box';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateInput } from '../../../components/date-input';
import { effectivePeriod, isoDayOrEmpty, periodProblem, todayIn } from './period';

/**
 * start_date / end_date in the URL (beside the table's own params), shown as two date inputs, by
 * default the last `days` days of the company's calendar. An inverted or too long period is not
 * sent: the list keeps the last valid one and the inputs say what is wrong.
 */
export function usePeriodFilter({
  timeZone,
  days = 7,
  prefix = '',
}: {
  timeZone: string | null | undefined;
  days?: number;
  prefix?: string;
}) {
  const { t } = useTranslation('infoTirage');
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const startKey = `${prefix}start_date`;
  const endKey = `${prefix}end_date`;
  const start = isoDayOrEmpty(params.get(startKey));
  const end = isoDayOrEmpty(params.get(endKey));
  const shown = effectivePeriod(start, end, today, days);
  const problem = periodProblem(start, end);

  const set = useCallback(
    (key: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          next.delete(`${prefix}page`);
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams, prefix],
  );

  const wanted = useMemo(() => ({ start_date: shown.start, end_date: shown.end }), [shown.start, shown.end]);
  const [valid, setValid] = useState(wanted);
  if (!problem && (valid.start_date !== wanted.start_date || valid.end_date !== wanted.end_date)) setValid(wanted);

  const field = (key: string, value: string, label: string, fallback: string, bad: boolean) => (
    <DateInput
      size="small"
      label={label}
      value={value || fallback}
      onChange={(v) => set(key, isoDayOrEmpty(v))}
      error={bad}
      sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
    />
  );

  const fields = (
    <>
      {field(startKey, start, t('filters.start'), shown.start, problem === 'tooLong')}
      {field(endKey, end, t('filters.end'), shown.end, !!problem)}
      {problem ? (
        <Box role="alert" sx={{ flexBasis: '100%', color: 'error.main', typography: 'caption' }}>
          {t(`filters.problem.${problem}`)}
        </Box>
      ) : null}
    </>
  );

  return { params: valid, shown, fields, today };
}
