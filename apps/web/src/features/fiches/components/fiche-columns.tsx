import type { FicheRow } from '@borlette/shared/contracts/fiches';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { TwoLines } from '../../../components/two-lines';
import { When } from '../../../components/when';
import { fDateTime } from '../../../lib/format';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';
import type { FicheKind } from '../lib/fiche-filters';
import { DrawNames } from './draw-names';
import { StatusCell } from './fiche-status';

/**
 * The ticket number as a button: the keyboard way to open the drawer (a click anywhere on the row
 * works too).
 */
function NumberCell({ row, onOpen }: { row: FicheRow; onOpen: (row: FicheRow) => void }) {
  const { t } = useTranslation('fiches');
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      onClick={() => onOpen(row)}
      aria-label={t('openTicket', { number: row.number })}
      sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', fontSize: 'inherit', color: 'text.primary' }}
    >
      {row.number}
    </Link>
  );
}

/** Why, by whom and when a ticket was cancelled or deleted. */
function StatusChange({ row }: { row: FicheRow }) {
  const { t } = useTranslation('fiches');
  const d = useCompanyDisplay();
  const when = row.status_at ? fDateTime(row.status_at, { timeZone: d.timeZone, language: d.language }) : null;
  return (
    <Box sx={{ minWidth: 160, maxWidth: 240 }}>
      <Typography
        variant="body2"
        title={row.status_reason ?? undefined}
        sx={{
          overflow: 'hidden',
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          fontStyle: row.status_reason ? 'normal' : 'italic',
          color: row.status_reason ? 'text.primary' : 'text.secondary',
        }}
      >
        {row.status_reason || t('noReason')}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {[row.status_by_name, when].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

/**
 * Columns of the four lists: number, sold at, agent, draws, amount, winnings, status; then the
 * payment (payées) or the cancellation / deletion (supprimées). Secondary ones hide on phones. Amounts
 * in the ticket's own company's currency (the superuser's « Toutes » lists companies of several).
 */
export function ficheColumns(kind: FicheKind, onOpen: (row: FicheRow) => void): DataTableColumn<FicheRow>[] {
  const columns: DataTableColumn<FicheRow>[] = [
    {
      id: 'number',
      header: 'fiches:columns.number',
      sortKey: 'number',
      render: (r) => <NumberCell row={r} onOpen={onOpen} />,
    },
    {
      id: 'sold_at',
      header: 'fiches:columns.soldAt',
      sortKey: 'sold_at',
      hideOnPhone: true,
      card: 'subtitle',
      render: (r) => <When at={r.sold_at} />,
    },
    {
      id: 'agent',
      header: 'fiches:columns.agent',
      sortKey: 'agent',
      minWidth: 150,
      render: (r) => <TwoLines main={r.agent_name || r.agent_username} caption={r.surcussale_name} />,
    },
    {
      id: 'tirages',
      header: 'fiches:columns.tirages',
      hideOnPhone: true,
      minWidth: 120,
      render: (r) => <DrawNames tirages={r.tirages} />,
    },
    {
      id: 'amount',
      header: 'fiches:columns.amount',
      sortKey: 'amount',
      align: 'right',
      // On a phone the sold list keeps the stake, the others what matters to them.
      hideOnPhone: kind !== 'sold',
      render: (r) => <Money centimes={r.amount} currency={r.currency} />,
    },
  ];
  // A cancelled or deleted ticket never wins.
  if (kind !== 'deleted')
    columns.push({
      id: 'win_amount',
      header: 'fiches:columns.win',
      sortKey: 'win_amount',
      align: 'right',
      hideOnPhone: kind === 'sold',
      render: (r) => <Money centimes={r.win_amount} currency={r.currency} muteZero strong={r.win_amount > 0} />,
    });
  // The paid list holds only « Payé » (a paid ticket cannot be blocked): its payment instead.
  if (kind === 'paid')
    columns.push({
      id: 'paid',
      header: 'fiches:columns.paid',
      sortKey: 'paid_at',
      minWidth: 140,
      render: (r) => (
        <>
          <When at={r.paid_at} />
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            {r.paid_by_name ?? ''}
          </Typography>
        </>
      ),
    });
  else
    columns.push({
      id: 'status',
      header: 'fiches:columns.status',
      hideOnPhone: true,
      render: (r) => <StatusCell status={r.status} blocked={r.blocked} />,
    });
  if (kind === 'deleted')
    columns.push({
      id: 'status_at',
      header: 'fiches:columns.statusChange',
      sortKey: 'status_at',
      card: 'wide',
      render: (r) => <StatusChange row={r} />,
    });
  return columns;
}
