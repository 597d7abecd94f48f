import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../components/visually-hidden';

export interface ChartTableProps {
  caption: string;
  columns: string[];
  /** Cells already formatted (amounts with their currency, days…). */
  rows: (string | number)[][];
}

/**
 * The text alternative of a chart: its figures as a table that screen readers read and eyes do not
 * see (the chart itself is hidden from the accessibility tree). A table is never narrower than its
 * cells, whatever its width says: a 1 px box around it keeps it from widening its card, which hides
 * overflow and so could still be scrolled sideways (a screen reader moving to a cell did).
 */
export function ChartTable({ caption, columns, rows }: ChartTableProps) {
  return (
    <Box sx={visuallyHidden}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, i) =>
                i === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
