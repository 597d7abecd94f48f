import Box from '@mui/material/Box';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BoardSection,
  type DailyRow,
  type DashboardFilters,
  type DashboardKpis,
  isForbidden,
  useDailySeries,
  useDrawSeries,
  useGameSeries,
  useWinningLots,
} from '../api/dashboards';
import { longDay } from '../lib/format';
import { addDays, fillDays, type Range } from '../lib/period';
import { Section } from './section';
import { TopList } from './top-list';
import { WinningLots } from './winning-lots';

/* The chart library (@mui/x-charts) is only in these chunks, loaded once the board has data to draw. */
const SalesChart = lazy(() => import('../charts/sales-chart'));
const GpcChart = lazy(() => import('../charts/gpc-chart'));
const DrawChart = lazy(() => import('../charts/draw-chart'));
const GameChart = lazy(() => import('../charts/game-chart'));

const zeroDay = (date: string): DailyRow => ({
  date,
  currency: '',
  sales: 0,
  commission: 0,
  payouts: 0,
  wins: 0,
  net: 0,
  tickets: 0,
  winners: 0,
  paid: 0,
});
const noSales = (rows: { sales: number }[]) => !rows.some((r) => r.sales !== 0);
const noMoney = (rows: DailyRow[]) => !rows.some((r) => r.sales || r.payouts || r.commission || r.net);
/** A one-day period draws its days over the week that ends with it (a single point tells nothing). */
const TREND_DAYS = 7;

interface BoardChartsProps {
  filters: DashboardFilters;
  range: Range;
  currency: string;
  money: (centimes: number) => string;
  kpis: UseQueryResult<DashboardKpis>;
  /** The sections the user may read (the others are neither asked nor drawn). */
  can: Record<BoardSection, boolean>;
}

/** The charts and rankings of the board, each in its own card with its own states. */
export function BoardCharts({ filters, range, currency: asked, money, kpis, can }: BoardChartsProps) {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.resolvedLanguage;
  const oneDay = range.start === range.end;
  const dayRange = oneDay ? { start: addDays(range.end, -(TREND_DAYS - 1)), end: range.end } : range;
  const dayFilters = useMemo(
    () => (oneDay ? { ...filters, start_date: addDays(filters.end_date, -(TREND_DAYS - 1)) } : filters),
    [filters, oneDay],
  );
  const daily = useDailySeries(dayFilters, can.charts);
  const draws = useDrawSeries(filters, can.charts);
  const games = useGameSeries(filters, can.charts);
  const lots = useWinningLots(filters, can.lots);
  // The series name their currency (the KPI answer may be refused to this user).
  const currency = daily.data?.[0]?.currency || asked;
  const span = (r: Range) =>
    r.start === r.end
      ? t('day', { day: longDay(r.start, lang) })
      : t('range', { start: longDay(r.start, lang), end: longDay(r.end, lang) });
  const trend = oneDay ? t('charts.trend', { days: TREND_DAYS }) : undefined;
  const caption = (title: string, r: Range = range) => `${title} — ${span(r)}`;
  const wide = { gridColumn: { xs: 'auto', md: 'span 2' } };
  // Without the winning lots (a supervisor rarely has them), the rankings move up beside the GPC chart
  // (dense flow) and the draws take the whole row: no hole in the grid.
  const lotsHidden = !can.lots || isForbidden(lots.error);
  if (!can.charts && !can.lots && !can.kpis) return null;
  const days = (rows: DailyRow[]) => fillDays(rows, dayRange, zeroDay);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, sm: 3 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
        gridAutoFlow: 'row dense',
        alignItems: 'start',
      }}
    >
      {can.charts ? (
        <>
          <Section title={t('charts.daily')} subtitle={trend} query={daily} isEmpty={noSales} sx={wide}>
            {(rows) => (
              <SalesChart rows={days(rows)} currency={currency} caption={caption(t('charts.daily'), dayRange)} />
            )}
          </Section>
          <Section title={t('charts.games')} query={games} isEmpty={noSales}>
            {(rows) => <GameChart rows={rows} currency={currency} caption={caption(t('charts.games'))} />}
          </Section>
          <Section title={t('charts.gpc')} subtitle={trend} query={daily} isEmpty={noMoney} height={312} sx={wide}>
            {(rows) => <GpcChart rows={days(rows)} currency={currency} caption={caption(t('charts.gpc'), dayRange)} />}
          </Section>
        </>
      ) : null}
      {can.lots ? (
        <Section
          title={t('charts.lots')}
          subtitle={t('lots.day', { day: longDay(range.end, lang) })}
          query={lots}
          isEmpty={(d) => d.rows.length === 0}
          emptyText={t('lots.empty')}
          height={200}
        >
          {(data) => <WinningLots data={data} />}
        </Section>
      ) : null}
      {can.charts ? (
        <Section
          title={t('charts.draws')}
          query={draws}
          isEmpty={noSales}
          height={240}
          sx={lotsHidden ? { gridColumn: { xs: 'auto', md: '1 / -1' } } : wide}
        >
          {(rows) => <DrawChart rows={rows} currency={currency} caption={caption(t('charts.draws'))} />}
        </Section>
      ) : null}
      {can.kpis ? (
        <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, minWidth: 0 }}>
          <Section title={t('charts.topAgents')} query={kpis} isEmpty={(k) => k.top_agents.length === 0} height={200}>
            {(k, id) => (
              <TopList
                labelledBy={id}
                format={money}
                items={k.top_agents.map((a) => ({ key: a.id, name: a.name, value: a.sales }))}
              />
            )}
          </Section>
          <Section
            title={t('charts.topSurcussales')}
            query={kpis}
            isEmpty={(k) => k.top_surcussales.length === 0}
            height={160}
          >
            {(k, id) => (
              <TopList
                labelledBy={id}
                color="info"
                format={money}
                items={k.top_surcussales.map((s) => ({ key: s.id ?? 'none', name: s.name, value: s.sales }))}
              />
            )}
          </Section>
        </Box>
      ) : null}
    </Box>
  );
}
