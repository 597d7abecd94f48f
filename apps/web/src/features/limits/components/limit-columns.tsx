import type { SaleLimit } from '@borlette/shared/contracts/limits';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';
import { formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import type { LimitSortKey } from '../api/limits';
import type { LimitKindDef } from '../kinds';
import { SoldProgress } from './sold-progress';

function useCurrency() {
  const user = useUser();
  return user.company?.currency ?? 'HTG';
}

function Game({ code }: { code: number }) {
  const { t } = useTranslation('limits');
  return <Box sx={{ whiteSpace: 'nowrap' }}>{t(`games.${code}`, { defaultValue: String(code) })}</Box>;
}

function NumberCell({ value }: { value: string | null }) {
  return (
    <Box
      component="span"
      sx={{ fontFamily: 'monospace', fontSize: '1rem', fontWeight: 700, letterSpacing: 1, whiteSpace: 'nowrap' }}
    >
      {value ?? '—'}
    </Box>
  );
}

function Tirage({ name }: { name: string | null }) {
  const { t } = useTranslation('limits');
  if (name) return <Box sx={{ whiteSpace: 'nowrap' }}>{name}</Box>;
  return <Chip size="small" variant="outlined" label={t('allTirages')} />;
}

function Amount({ centimes }: { centimes: number }) {
  const { i18n } = useTranslation();
  const currency = useCurrency();
  return (
    <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(centimes, currency, i18n.language)}
    </Box>
  );
}

function Sold({ l }: { l: SaleLimit }) {
  const currency = useCurrency();
  return <SoldProgress sold={l.sold_today} max={l.max_amount} currency={currency} />;
}

/** The columns of one kind: number only for ball limits, agent only for per-agent ones. */
export function limitColumns(k: LimitKindDef): DataTableColumn<SaleLimit, LimitSortKey>[] {
  const game: DataTableColumn<SaleLimit, LimitSortKey> = {
    id: 'code',
    header: 'limits:columns.game',
    sortKey: 'code',
    render: (l) => <Game code={l.code} />,
  };
  const number: DataTableColumn<SaleLimit, LimitSortKey> = {
    id: 'number',
    header: 'limits:columns.number',
    sortKey: 'number',
    render: (l) => <NumberCell value={l.number} />,
  };
  const agent: DataTableColumn<SaleLimit, LimitSortKey> = {
    id: 'agent',
    header: 'limits:columns.agent',
    sortKey: 'agent',
    minWidth: 160,
    render: (l) => l.agent_name ?? '—',
  };
  return [
    ...(k.ball ? [number, game] : [game]),
    ...(k.agent ? [agent] : []),
    {
      id: 'tirage',
      header: 'limits:columns.tirage',
      sortKey: 'tirage',
      hideOnPhone: true,
      render: (l) => <Tirage name={l.tirage_name} />,
    },
    {
      id: 'max_amount',
      header: 'limits:columns.max',
      sortKey: 'max_amount',
      align: 'right',
      render: (l) => <Amount centimes={l.max_amount} />,
    },
    {
      id: 'sold',
      // A game limit is checked against its most played number: the header says so.
      header: k.ball ? 'limits:columns.sold' : 'limits:columns.soldTop',
      minWidth: 150,
      render: (l) => <Sold l={l} />,
    },
    {
      id: 'status',
      header: 'limits:columns.status',
      sortKey: 'status',
      render: (l) => <StatusChip status={l.status} female />,
    },
  ];
}
