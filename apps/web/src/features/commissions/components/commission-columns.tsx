import type { CommissionRow, commissionListQuery } from '@borlette/shared/contracts/commissions';
import type { SortKey } from '@borlette/shared/contracts/list';
import { COMMISSION_GAMES } from '@borlette/shared/game/commission';
import type { DataTableColumn } from '../../../components/data-table';
import { bpText } from './rate-fields';

const rate = (bp: number | null) => (bp === null ? '—' : `${bpText(bp)} %`);

/** Target, then the rate of each game (a dash inherits), then the date. */
export const commissionColumns: DataTableColumn<CommissionRow, SortKey<typeof commissionListQuery>>[] = [
  {
    id: 'target',
    header: 'commissions:columns.target',
    sortKey: 'target_name',
    minWidth: 160,
    render: (r) => r.target_name,
  },
  ...COMMISSION_GAMES.map(
    (g): DataTableColumn<CommissionRow, SortKey<typeof commissionListQuery>> => ({
      id: g,
      header: `commissions:games.${g}`,
      align: 'right',
      render: (r) => rate(r[g]),
    }),
  ),
  {
    id: 'updated',
    header: 'commissions:columns.updated',
    sortKey: 'updated_at',
    hideOnPhone: true,
    render: (r) => r.updated_at.slice(0, 10),
  },
];
