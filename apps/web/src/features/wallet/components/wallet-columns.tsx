import type { SortKey } from '@borlette/shared/contracts/list';
import type { WalletEntry, walletListQuery } from '@borlette/shared/contracts/wallet';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { TwoLines } from '../../../components/two-lines';
import { When } from '../../../components/when';
import { formatPlain } from '../../../lib/figures';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';
import { useUser } from '../../../lib/session/use-session';
import { KindChip, SignedAmount } from './wallet-cells';

/** The kind, with the ticket it comes from or « annulée » for a reversed transaction zero. */
function KindCell({ row }: { row: WalletEntry }) {
  const { t } = useTranslation('wallet');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <KindChip kind={row.kind} />
      {row.fiche_number ? (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('ticket', { number: row.fiche_number })}
        </Typography>
      ) : null}
      {row.kind === 'zero' && row.reversed ? (
        <Typography variant="caption" sx={{ color: 'error.main', fontWeight: 600 }}>
          {t('reversedTag')}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The signed amount; a sale says its gross and commission under it. */
function AmountCell({ row }: { row: WalletEntry }) {
  const { t } = useTranslation('wallet');
  const d = useCompanyDisplay();
  // « Toutes »: entries of several companies are listed, each says its currency.
  const all = !useUser().company;
  return (
    <>
      <SignedAmount amount={row.amount} currency={all ? row.currency : undefined} />
      {row.gross ? (
        <Typography
          component="span"
          variant="caption"
          sx={{ color: 'text.secondary', display: 'block', whiteSpace: 'nowrap' }}
        >
          {t('grossCommission', { gross: formatPlain(row.gross, d), commission: formatPlain(row.commission, d) })}
        </Typography>
      ) : null}
    </>
  );
}

/** The note (the reason of an adjustment) and who entered the movement. */
function NoteCell({ row }: { row: WalletEntry }) {
  return (
    <Box sx={{ minWidth: 140, maxWidth: 260 }}>
      <Typography
        variant="body2"
        title={row.note ?? undefined}
        sx={{ overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }}
      >
        {row.note || '—'}
      </Typography>
      {row.actor_name ? (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {row.actor_name}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The agent and its sub-branch. */
function AgentCell({ row }: { row: WalletEntry }) {
  return (
    <TwoLines main={row.agent_name} caption={[row.agent_username, row.surcussale_name].filter(Boolean).join(' · ')} />
  );
}

/** Date, agent, kind, amount (signed), note and author of the ledger's entries. */
export const WALLET_COLUMNS: DataTableColumn<WalletEntry, SortKey<typeof walletListQuery>>[] = [
  {
    id: 'at',
    header: 'wallet:columns.at',
    sortKey: 'at',
    hideOnPhone: true,
    card: 'subtitle',
    render: (r) => <When at={r.at} />,
  },
  {
    id: 'agent',
    header: 'wallet:columns.agent',
    sortKey: 'agent',
    minWidth: 150,
    card: 'title',
    render: (r) => <AgentCell row={r} />,
  },
  {
    id: 'kind',
    header: 'wallet:columns.kind',
    sortKey: 'kind',
    card: 'status',
    render: (r) => <KindCell row={r} />,
  },
  {
    id: 'amount',
    header: 'wallet:columns.amount',
    sortKey: 'amount',
    align: 'right',
    render: (r) => <AmountCell row={r} />,
  },
  { id: 'note', header: 'wallet:columns.note', hideOnPhone: true, card: 'wide', render: (r) => <NoteCell row={r} /> },
];
