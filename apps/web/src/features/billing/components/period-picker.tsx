import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fMonth } from '../lib/format';
import { monthOf, monthPeriod, monthsPeriod, type Period, periodMonth, rangeProblem, shiftMonth } from '../lib/period';

const shrink = { inputLabel: { shrink: true } } as const;
/** Months offered: this one and the 35 before it (plus the one shown, if older). */
const MONTHS_BACK = 35;
const menu = { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } };

function MonthSelect({
  label,
  value,
  months,
  onChange,
  sx,
}: {
  label: string;
  value: string;
  months: string[];
  onChange: (month: string) => void;
  sx?: object;
}) {
  const { i18n } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      slotProps={{ ...shrink, select: menu }}
    >
      {months.map((m) => (
        <MenuItem key={m} value={m}>
          {fMonth(m, i18n.language)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The billing period: a month (arrows and a list, the current one by default) or, in the « Plusieurs
 * mois » mode, a range of whole months (an invoice covers one calendar month).
 */
export function PeriodPicker({
  period,
  today,
  onChange,
  allowRange = true,
}: {
  period: Period;
  today: string;
  onChange: (p: Period) => void;
  /** False where one invoice is meant (the payment page): a single month. */
  allowRange?: boolean;
}) {
  const { t } = useTranslation('billing');
  const month = periodMonth(period);
  const [range, setRange] = useState(allowRange && month === null);
  const current = monthOf(today);
  const from = monthOf(period.start);
  const to = monthOf(period.end);
  const months = Array.from({ length: MONTHS_BACK + 1 }, (_, i) => shiftMonth(current, -i));
  for (const m of [from, to]) if (!months.includes(m)) months.push(m);
  months.sort().reverse();
  const problem = rangeProblem(period);

  return (
    <>
      {allowRange ? (
        <TextField
          select
          size="small"
          label={t('filters.periodMode')}
          value={range ? 'range' : 'month'}
          onChange={(e) => {
            const toRange = e.target.value === 'range';
            setRange(toRange);
            if (!toRange) onChange(monthPeriod(to));
          }}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 170px' } }}
          slotProps={shrink}
        >
          <MenuItem value="month">{t('filters.byMonth')}</MenuItem>
          <MenuItem value="range">{t('filters.range')}</MenuItem>
        </TextField>
      ) : null}
      {range ? (
        <Box sx={{ display: 'flex', gap: 1.5, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
          <MonthSelect
            label={t('filters.fromMonth')}
            value={from}
            months={months}
            // Moving one bound past the other drags it along.
            onChange={(m) => onChange(monthsPeriod(m, [m, to].sort()[1]))}
            sx={{ flex: { xs: 1, sm: '0 0 170px' } }}
          />
          <MonthSelect
            label={t('filters.toMonth')}
            value={to}
            months={months}
            onChange={(m) => onChange(monthsPeriod([m, from].sort()[0], m))}
            sx={{ flex: { xs: 1, sm: '0 0 170px' } }}
          />
        </Box>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
          <IconButton
            size="small"
            aria-label={t('filters.previousMonth')}
            onClick={() => onChange(monthPeriod(shiftMonth(to, -1)))}
          >
            <ChevronLeftIcon />
          </IconButton>
          <MonthSelect
            label={t('filters.month')}
            value={to}
            months={months}
            onChange={(m) => onChange(monthPeriod(m))}
            sx={{ flex: { xs: 1, sm: '0 0 190px' } }}
          />
          <IconButton
            size="small"
            aria-label={t('filters.nextMonth')}
            disabled={to >= current}
            onClick={() => onChange(monthPeriod(shiftMonth(to, 1)))}
          >
            <ChevronRightIcon />
          </IconButton>
        </Box>
      )}
      {problem ? (
        <Box role="alert" sx={{ flexBasis: '100%', color: 'error.main', typography: 'caption' }}>
          {t(`filters.problem.${problem}`)}
        </Box>
      ) : null}
    </>
  );
}
