import type { AgentClosing, ClosingDraw } from '@borlette/shared/contracts/closing';
import type { Figures } from '@borlette/shared/contracts/reports';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { BalanceFigure } from '../../../../components/balance-figure';
import { CardList, type CardListColumn, RowCard } from '../../../../components/data-table/row-cards';
import { formatCount, formatDecimal } from '../../../../lib/format';

type Row = Figures & { key: string; name: string };

/**
 * The closing's draws and their total: a table, or on a phone one card per draw and a tinted totals
 * card (every figure in view, none scrolled away). Amounts without currency: the section names it.
 */
export function ClosingDraws({ closing, label }: { closing: AgentClosing; label: string }) {
  const { t, i18n } = useTranslation('pos');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const lang = i18n.language;
  const amount = (v: number) => formatDecimal(v, lang);
  const columns: CardListColumn<Row>[] = [
    { id: 'name', label: t('closing.draw'), render: (r) => r.name },
    { id: 'tickets', label: t('closing.tickets'), align: 'right', render: (r) => formatCount(r.tickets, lang) },
    { id: 'sales', label: t('closing.sales'), align: 'right', render: (r) => amount(r.sales) },
    {
      id: 'cancelled',
      label: t('closing.cancelled'),
      align: 'right',
      render: (r) => (r.cancelled ? `${amount(r.cancelled_amount)} (${formatCount(r.cancelled, lang)})` : '—'),
    },
    { id: 'commission', label: t('closing.commission'), align: 'right', render: (r) => amount(r.commission) },
    {
      id: 'payouts',
      label: t('closing.payouts'),
      align: 'right',
      render: (r) => (r.paid ? `${amount(r.payouts)} (${formatCount(r.paid, lang)})` : amount(r.payouts)),
    },
    {
      id: 'balance',
      label: t('closing.balance'),
      align: 'right',
      render: (r) => <BalanceFigure value={r.balance} label="none" kind="balance" />,
    },
  ];
  const rows: Row[] = closing.draws.map((d: ClosingDraw) => ({ ...d, key: String(d.tirage_id), name: d.tirage_name }));
  const total: Row = { ...closing.totals, key: 'total', name: t('closing.total') };

  if (phone)
    return (
      <CardList label={label}>
        {rows.map((r) => (
          <RowCard key={r.key} row={r} columns={columns} fieldWidth={96} />
        ))}
        <RowCard row={total} columns={columns} fieldWidth={96} tinted />
      </CardList>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.id} align={c.align}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              {columns.map((c) => (
                <TableCell key={c.id} align={c.align} sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {c.render(r)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow sx={{ bgcolor: 'background.neutral' }}>
            {columns.map((c) => (
              <TableCell
                key={c.id}
                align={c.align}
                sx={{ whiteSpace: 'nowrap', fontWeight: 700, color: 'text.primary', fontSize: 14 }}
              >
                <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {c.render(total)}
                </Box>
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
