import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import { type Theme, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BalanceFigure } from '../../../components/balance-figure';
import { EmptyState, ErrorState, MessagePanel, SkeletonRows } from '../../../components/data-table/table-states';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { type FigureColumn, formatCell } from '../../../lib/figures';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';
import { FigureCards } from './figure-cards';

export interface FigureTableProps<R, T> {
  columns: FigureColumn<R>[];
  rows: R[] | undefined;
  /** The totals lines (one per currency) and the first cell of each (« Total », « Total EUR »). */
  totals: T[] | undefined;
  totalsLabels: string[];
  rowKey: (row: R) => string | number;
  /** The first load (skeletons), a refresh (thin bar), a failure (message and retry). */
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  empty: { title: ReactNode; text?: ReactNode; action?: ReactNode };
  /** The first cell as something else than text (a link to the agent's wallet…). */
  renderFirst?: (row: R) => ReactNode;
  ariaLabel: string;
  /** Shown under the table: « Montants en HTG ». */
  note: string;
  /** i18n namespace of the column labels (default reports). */
  ns?: string;
}

/**
 * Sticky first column (what a row is) and last one (its outcome: the balance, « À collecter ») while
 * the table scrolls sideways, so the key figure is never the one scrolled out of view.
 */
const sticky = (theme: Theme, tint?: string, side: 'left' | 'right' = 'left') => ({
  position: 'sticky' as const,
  [side]: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  backgroundImage: tint ? `linear-gradient(${tint}, ${tint})` : 'none',
  [side === 'left' ? 'borderRight' : 'borderLeft']: `1px solid ${theme.palette.divider}`,
});

/** A number cell: tabular digits; a balance as everywhere (components/balance-figure: sign, colour, label). */
export function FigureCell({ kind, value }: { kind: FigureColumn<unknown>['kind']; value: number | string | null }) {
  const d = useCompanyDisplay();
  if (kind === 'balance' && value !== null && typeof value !== 'string')
    return <BalanceFigure value={value} label="caption" strong={false} />;
  const text = formatCell(kind, value, d);
  return (
    <Box
      component="span"
      sx={{
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
        color: value === 0 ? 'text.disabled' : undefined,
      }}
    >
      {text}
    </Box>
  );
}

/** A cell of a report: the first as `renderFirst` draws it, a label with its caption, or a figure. */
export function figureCell<R>(c: FigureColumn<R>, i: number, row: R, renderFirst?: (row: R) => ReactNode): ReactNode {
  if (i === 0 && renderFirst) return renderFirst(row);
  if (c.kind !== 'text') return <FigureCell kind={c.kind} value={c.value(row)} />;
  const caption = c.caption?.(row);
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {formatCell('text', c.value(row), { language: '', currency: '' })}
      </Box>
      {caption ? (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', fontWeight: 400 }}>
          {caption}
        </Typography>
      ) : null}
    </>
  );
}

/** A report as a table: one row per group, the totals line at the bottom (kept in view on long lists). */
export function FigureTable<R, T>(props: FigureTableProps<R, T>) {
  const { columns, rows, totals, rowKey, loading, fetching, error, onRetry, empty, renderFirst, ariaLabel } = props;
  const { t } = useTranslation([props.ns ?? 'reports', 'reports', 'components']);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const shown = columns;
  // A wide report (the agent control) keeps every column in view at 1440 px: tighter cells, headers
  // on two lines, a narrower first column (its caption wraps).
  const dense = shown.length > 8;
  // Wider still (the agent control with its credit columns, 15): tighter again, so it fits 1440 px too.
  const tight = shown.length > 13;
  const align = (c: FigureColumn<R>) => (c.kind === 'text' ? 'left' : 'right');
  const last = shown.length - 1;
  const edge = (i: number, tint?: string) =>
    i === 0 ? sticky(theme, tint) : i === last && last > 1 ? sticky(theme, tint, 'right') : undefined;

  let message: ReactNode = null;
  let body: ReactNode = null;
  if (loading) body = <SkeletonRows rows={5} columns={shown.length} actions={false} />;
  else if (error && !rows)
    message = (
      <MessagePanel>
        <ErrorState
          message={errorMessage(error, t('components:table.networkError'))}
          onRetry={onRetry}
          retrying={fetching}
        />
      </MessagePanel>
    );
  else if (!rows?.length)
    message = (
      <MessagePanel>
        <EmptyState title={empty.title} text={empty.text} action={empty.action} />
      </MessagePanel>
    );
  else
    body = rows.map((row) => (
      <TableRow hover key={rowKey(row)}>
        {shown.map((c, i) => (
          <TableCell key={c.id} align={align(c)} sx={{ ...edge(i), ...(i === 0 && { fontWeight: 600 }) }}>
            {figureCell(c, i, row, renderFirst)}
          </TableCell>
        ))}
      </TableRow>
    ));

  const head = theme.palette.background.neutral;
  if (phone)
    return (
      <FigureCards
        columns={columns}
        rows={rows}
        totals={totals}
        totalsLabels={props.totalsLabels}
        rowKey={rowKey}
        loading={loading}
        fetching={fetching}
        cell={(c, i, row) => figureCell(c, i, row, renderFirst)}
        message={message}
        ariaLabel={ariaLabel}
        t={t}
      />
    );
  return (
    <Card>
      <Box sx={{ position: 'relative' }}>
        {fetching && !loading ? (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 3 }} />
        ) : null}
        <TableContainer sx={{ overflowX: 'auto', maxHeight: { md: 'calc(100vh - 160px)' } }}>
          <Table
            stickyHeader
            size={dense ? 'small' : 'medium'}
            aria-label={ariaLabel}
            aria-busy={fetching}
            sx={{
              minWidth: 720,
              '& td, & th': tight
                ? { px: 0.5, py: 1, fontSize: '0.75rem' }
                : dense
                  ? { px: 1, py: 1.25, fontSize: '0.8125rem' }
                  : {},
            }}
          >
            <TableHead>
              <TableRow>
                {shown.map((c, i) => (
                  <TableCell
                    key={c.id}
                    align={align(c)}
                    sx={{
                      // Dense: « Transactions zéro » on two lines rather than a column out of view.
                      whiteSpace: dense && i > 0 ? 'normal' : 'nowrap',
                      verticalAlign: 'bottom',
                      lineHeight: 1.3,
                      color: 'text.secondary',
                      fontWeight: 600,
                      bgcolor: 'background.neutral',
                      ...edge(i, head),
                      ...((i === 0 || i === last) && { zIndex: 3 }),
                      ...(i === 0 && { minWidth: tight ? 120 : dense ? 150 : 190 }),
                    }}
                  >
                    {t(c.label)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{body}</TableBody>
            {rows?.length && totals?.length && !loading ? (
              <TableFooter>
                {totals.map((line, l) => (
                  <TableRow
                    key={props.totalsLabels[l] ?? l}
                    sx={{
                      '& td': {
                        // One line stays in view at the bottom; several (one per currency) scroll with the rows.
                        position: totals.length === 1 ? 'sticky' : undefined,
                        bottom: 0,
                        bgcolor: 'background.paper',
                        backgroundImage: `linear-gradient(${head}, ${head})`,
                        borderTop: l === 0 ? `2px solid ${theme.palette.divider}` : undefined,
                        fontWeight: 700,
                        color: 'text.primary',
                        fontSize: theme.typography.body2.fontSize,
                      },
                    }}
                  >
                    {shown.map((c, i) => (
                      <TableCell
                        key={c.id}
                        align={align(c)}
                        sx={
                          i === 0
                            ? { left: 0, zIndex: '3 !important', borderRight: `1px solid ${theme.palette.divider}` }
                            : i === last && last > 1
                              ? { right: 0, zIndex: '3 !important', borderLeft: `1px solid ${theme.palette.divider}` }
                              : undefined
                        }
                      >
                        {i === 0 ? (
                          props.totalsLabels[l]
                        ) : c.kind === 'text' ? null : (
                          <FigureCell kind={c.kind} value={c.value(line as unknown as R)} />
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableFooter>
            ) : null}
          </Table>
        </TableContainer>
        {message}
      </Box>
      <Typography variant="caption" component="p" sx={{ px: 2, py: 1.5, color: 'text.secondary' }}>
        {props.note}
      </Typography>
    </Card>
  );
}
