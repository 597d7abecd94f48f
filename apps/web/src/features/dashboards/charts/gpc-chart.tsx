import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DailyRow } from '../api/dashboards';
import { ChartTable } from '../components/chart-table';
import { longDay } from '../lib/format';
import { useChartKit } from './chart-kit';

/** Gain (net), perte (payouts) and commission per day, as grouped bars (the net may be negative). */
export default function GpcChart({ rows, currency, caption }: { rows: DailyRow[]; currency: string; caption: string }) {
  const k = useChartKit(currency);
  const series = [
    { id: 'gain', key: 'net', label: k.t('charts.gain'), color: k.colors.gain },
    { id: 'perte', key: 'payouts', label: k.t('charts.perte'), color: k.colors.perte },
    { id: 'commission', key: 'commission', label: k.t('charts.commission'), color: k.colors.commission },
  ] as const;
  return (
    <>
      <Box aria-hidden>
        <BarChart
          height={k.height + 32}
          skipAnimation={k.skipAnimation}
          grid={{ horizontal: true }}
          margin={{ left: 4, right: 20, top: 8, bottom: 4 }}
          slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } } }}
          xAxis={[{ scaleType: 'band', data: rows.map((r) => r.date), valueFormatter: k.day, tickLabelMinGap: 12 }]}
          yAxis={[{ valueFormatter: k.axisMoney, width: 48 }]}
          series={series.map((s) => ({
            id: s.id,
            label: s.label,
            color: s.color,
            data: rows.map((r) => r[s.key]),
            valueFormatter: k.money,
          }))}
        />
      </Box>
      <ChartTable
        caption={caption}
        columns={[k.t('charts.day'), ...series.map((s) => s.label)]}
        rows={rows.map((r) => [longDay(r.date, k.language), ...series.map((s) => k.money(r[s.key]))])}
      />
    </>
  );
}
