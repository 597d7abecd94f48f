import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatCount } from '../../../lib/format';
import type { DrawRow } from '../api/dashboards';
import { ChartTable } from '../components/chart-table';
import { useChartKit } from './chart-kit';

/**
 * Sales per draw, as horizontal bars (draw names stay readable on a phone). The wins are in the text
 * table only: one jackpot would flatten every sales bar on a shared axis.
 */
export default function DrawChart({ rows, currency, caption }: { rows: DrawRow[]; currency: string; caption: string }) {
  const k = useChartKit(currency);
  const sorted = [...rows].sort((a, b) => b.sales - a.sales);
  return (
    <>
      <Box aria-hidden>
        <BarChart
          layout="horizontal"
          height={Math.max(180, sorted.length * (k.phone ? 40 : 36) + 48)}
          skipAnimation={k.skipAnimation}
          grid={{ vertical: true }}
          margin={{ left: 4, right: 16, top: 8, bottom: 4 }}
          hideLegend
          yAxis={[{ scaleType: 'band', data: sorted.map((r) => r.name), width: k.phone ? 88 : 112 }]}
          xAxis={[{ valueFormatter: k.axisMoney, tickLabelMinGap: 16 }]}
          series={[
            {
              id: 'sales',
              label: k.t('charts.sales'),
              color: k.colors.sales,
              data: sorted.map((r) => r.sales),
              valueFormatter: k.money,
            },
          ]}
        />
      </Box>
      <ChartTable
        caption={caption}
        columns={[k.t('filters.tirage'), k.t('charts.sales'), k.t('charts.wins'), k.t('kpi.tickets')]}
        rows={sorted.map((r) => [r.name, k.money(r.sales), k.money(r.wins), formatCount(r.tickets, k.language)])}
      />
    </>
  );
}
