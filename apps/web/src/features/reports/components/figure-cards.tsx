import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { CardList, type CardListColumn, CardSkeletons, RowCard } from '../../../components/data-table/row-cards';
import type { FigureColumn } from '../../../lib/figures';

interface FigureCardsProps<R, T> {
  columns: FigureColumn<R>[];
  rows: R[] | undefined;
  /** One totals line per currency, and the first cell of each (« Total », « Total EUR »). */
  totals: T[] | undefined;
  totalsLabels: string[];
  rowKey: (row: R) => string | number;
  loading: boolean;
  fetching: boolean;
  /** The table's cell (figure-table.tsx), the first one as the page draws it. */
  cell: (column: FigureColumn<R>, index: number, row: R) => ReactNode;
  /** The empty or error message. */
  message: ReactNode;
  ariaLabel: string;
  t: TFunction;
}

/**
 * A report on a phone: one card per row (its label as title, the main figures large, the
 * `hideOnPhone` ones small) and a tinted totals card — every figure in view, none scrolled away.
 */
export function FigureCards<R, T>(props: FigureCardsProps<R, T>) {
  const { columns, rows, totals, rowKey, loading, fetching, cell, t } = props;
  const cardColumns = (first: (row: R) => ReactNode): CardListColumn<R>[] =>
    columns.map((c: FigureColumn<R>, i) => ({
      id: c.id,
      card: i === 0 ? 'title' : c.hideOnPhone ? 'field' : 'amount',
      label: t(c.label),
      render: i === 0 ? first : (row: R) => cell(c, i, row),
    }));
  const rowColumns = cardColumns((row) => cell(columns[0], 0, row));
  const totalColumns = (l: number) => cardColumns(() => props.totalsLabels[l] ?? t('reports:totals.label'));
  return (
    <Card sx={{ position: 'relative' }}>
      {fetching && !loading ? (
        <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 3 }} />
      ) : null}
      <CardList label={props.ariaLabel}>
        {loading ? <CardSkeletons count={4} /> : null}
        {!loading && rows?.length
          ? rows.map((row) => <RowCard key={rowKey(row)} row={row} columns={rowColumns} fieldWidth={90} />)
          : null}
        {!loading && rows?.length
          ? totals?.map((line, l) => (
              <RowCard
                key={props.totalsLabels[l] ?? l}
                row={line as unknown as R}
                columns={totalColumns(l)}
                fieldWidth={90}
                tinted
              />
            ))
          : null}
      </CardList>
      {props.message}
    </Card>
  );
}
