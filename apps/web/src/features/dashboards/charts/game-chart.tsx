import Box from '@mui/material/Box';
import { PieChart } from '@mui/x-charts/PieChart';
import type { GameRow } from '../api/dashboards';
import { ChartTable } from '../components/chart-table';
import { percent } from '../lib/format';
import { useChartKit } from './chart-kit';

/** Share of each game (bet code) in the sales, as a donut. */
export default function GameChart({ rows, currency, caption }: { rows: GameRow[]; currency: string; caption: string }) {
  const k = useChartKit(currency);
  const sorted = rows.filter((r) => r.sales > 0).sort((a, b) => b.sales - a.sales);
  const total = sorted.reduce((sum, r) => sum + r.sales, 0);
  return (
    <>
      <Box aria-hidden>
        <PieChart
          height={k.height}
          skipAnimation={k.skipAnimation}
          margin={8}
          slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
          series={[
            {
              innerRadius: '58%',
              paddingAngle: 1,
              cornerRadius: 4,
              highlightScope: { fade: 'global', highlight: 'item' },
              valueFormatter: (item) => `${k.money(item.value)} (${percent(item.value, total, k.language)})`,
              data: sorted.map((r, i) => ({
                id: r.code,
                value: r.sales,
                label: r.label,
                color: k.palette[i % k.palette.length],
              })),
            },
          ]}
        />
      </Box>
      <ChartTable
        caption={caption}
        columns={[k.t('charts.game'), k.t('charts.sales'), k.t('charts.share')]}
        rows={sorted.map((r) => [r.label, k.money(r.sales), percent(r.sales, total, k.language)])}
      />
    </>
  );
}
