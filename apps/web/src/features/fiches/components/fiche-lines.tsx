import type { FicheLine } from '@borlette/shared/contracts/fiches';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { CardList, type CardListColumn, RowCard } from '../../../components/data-table/row-cards';
import { Money } from '../../../components/money';
import { betLabel } from '../lib/fiche-status';

/** The lines played on one draw: a table, or on a phone one card per line (no column scrolled away). */
export function FicheLines({ lines, currency }: { lines: FicheLine[]; currency: string }) {
  const { t } = useTranslation('fiches');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (!lines.length) return null;
  // One definition of the cells for both layouts; the amounts are right-aligned (a card's large figures).
  const columns: CardListColumn<FicheLine>[] = [
    {
      id: 'game',
      label: t('drawer.lineColumns.game'),
      render: (l) => (
        <>
          {l.free ? t('drawer.freeMariage') : betLabel(l.code)}
          {l.free ? (
            <Chip
              size="small"
              label={t('drawer.free')}
              color="success"
              variant="outlined"
              sx={{ ml: 1, height: 20, borderRadius: 1 }}
            />
          ) : null}
        </>
      ),
    },
    {
      id: 'number',
      // On a card, right under the game: what was played reads with its game.
      card: 'subtitle',
      label: t('drawer.lineColumns.number'),
      render: (l) => (
        <Box component="span" sx={{ fontWeight: 700, color: 'text.primary', fontVariantNumeric: 'tabular-nums' }}>
          {l.number}
        </Box>
      ),
    },
    {
      id: 'stake',
      align: 'right',
      label: `${t('drawer.lineColumns.stake')} (${currency})`,
      render: (l) =>
        l.free ? (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            —
          </Box>
        ) : (
          <Money centimes={l.stake} currency={currency} plain />
        ),
    },
    {
      id: 'win',
      align: 'right',
      label: `${t('drawer.lineColumns.win')} (${currency})`,
      render: (l) => (
        <Box component="span" sx={{ color: l.win_amount > 0 ? 'success.main' : undefined }}>
          <Money centimes={l.win_amount} currency={currency} plain muteZero strong />
        </Box>
      ),
    },
  ];
  const key = (l: FicheLine) => `${l.tirage_id}-${l.position}`;
  if (phone)
    return (
      <Box sx={{ borderTop: 1, borderColor: 'divider', '& li:last-of-type': { borderBottom: 0 } }}>
        <CardList label={t('drawer.lines')}>
          {lines.map((l) => (
            <RowCard key={key(l)} row={l} columns={columns} fieldWidth={90} />
          ))}
        </CardList>
      </Box>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('drawer.lines')} sx={{ '& .MuiTableCell-root:first-of-type': { pl: 2 } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell
                key={c.id}
                align={c.align ?? 'left'}
                sx={{ color: 'text.secondary', fontWeight: 600, bgcolor: 'background.neutral', whiteSpace: 'nowrap' }}
              >
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={key(l)}>
              {columns.map((c) => (
                <TableCell
                  key={c.id}
                  align={c.align ?? 'left'}
                  sx={c.id === 'number' ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {c.render(l)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
