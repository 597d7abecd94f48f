import Box from '@mui/material/Box';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import { formatCount } from '../../../lib/format';
import type { DailyRow } from '../api/dashboards';
import { ChartTable } from '../components/chart-table';
import { longDay } from '../lib/format';
import { useChartKit } from './chart-kit';

/** Sales per day of the period (an area), with its table for screen readers. */
export default function SalesChart({
  rows,
  currency,
  caption,
}: {
  rows: DailyRow[];
  currency: string;
  caption: string;
}) {
  const k = useChartKit(currency);
  return (
    <>
      <Box aria-hidden sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.18 } }}>
        <LineChart
          height={k.height}
          skipAnimation={k.skipAnimation}
          hideLegend
          grid={{ horizontal: true }}
          margin={{ left: 4, right: 20, top: 12, bottom: 4 }}
          xAxis={[{ scaleType: 'point', data: rows.map((r) => r.date), valueFormatter: k.day, tickLabelMinGap: 12 }]}
          yAxis={[{ valueFormatter: k.axisMoney, width: 48, min: 0 }]}
          series={[
            {
              id: 'sales',
              data: rows.map((r) => r.sales),
              label: k.t('charts.sales'),
              area: true,
              curve: 'monotoneX',
              color: k.colors.sales,
              showMark: rows.length <= 14,
              valueFormatter: k.money,
            },
          ]}
        />
      </Box>
      <ChartTable
        caption={caption}
        columns={[k.t('charts.day'), k.t('charts.sales'), k.t('kpi.tickets')]}
        rows={rows.map((r) => [longDay(r.date, k.language), k.money(r.sales), formatCount(r.tickets, k.language)])}
      />
    </>
  );
}
