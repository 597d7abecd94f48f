import type { SortKey } from '@borlette/shared/contracts/list';
import type { PrimeConf, primeConfListQuery } from '@borlette/shared/contracts/primes';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { fDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { Multipliers } from './prime-cells';

function Updated({ at }: { at: string }) {
  const { i18n } = useTranslation();
  const user = useUser();
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {fDateTime(at, { timeZone: user.company?.timezone, language: i18n.language })}
    </Box>
  );
}

/** Target, then the multipliers by game (a dash inherits), then the date. */
export const confColumns: DataTableColumn<PrimeConf, SortKey<typeof primeConfListQuery>>[] = [
  {
    id: 'target',
    header: 'primes:conf.columns.target',
    sortKey: 'target_name',
    minWidth: 160,
    render: (p) => p.target_name,
  },
  {
    id: 'bolet',
    header: 'primes:list.bolet',
    render: (p) => <Multipliers values={[p.bolet_1, p.bolet_2, p.bolet_3]} />,
  },
  { id: 'mariage', header: 'primes:list.mariage', render: (p) => <Multipliers values={[p.mariage]} /> },
  { id: 'loto3', header: 'primes:list.loto3', render: (p) => <Multipliers values={[p.loto3]} /> },
  {
    id: 'loto4',
    header: 'primes:list.loto4',
    render: (p) => <Multipliers values={[p.loto4_o1, p.loto4_o2, p.loto4_o3]} />,
  },
  {
    id: 'loto5',
    header: 'primes:list.loto5',
    render: (p) => <Multipliers values={[p.loto5_o1, p.loto5_o2, p.loto5_o3]} />,
  },
  {
    id: 'updated',
    header: 'primes:list.updated',
    sortKey: 'updated_at',
    hideOnPhone: true,
    render: (p) => <Updated at={p.updated_at} />,
  },
];
