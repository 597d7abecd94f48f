import type { Country } from '@borlette/shared/contracts/countries';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CountryFlag } from '../../../components/country-flag';
import type { DataTableColumn } from '../../../components/data-table';

/** The list's columns (labels are keys of countries.json). */
export const countryColumns: DataTableColumn<Country>[] = [
  {
    id: 'name',
    header: 'countries:columns.name',
    sortKey: 'name',
    minWidth: 180,
    render: (c) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CountryFlag code={c.name_code} flag={c.flag} />
        <Box sx={{ minWidth: 0 }}>
          <Box component="span" sx={{ display: 'block' }}>
            {c.name}
          </Box>
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            {c.name_code}
          </Typography>
        </Box>
      </Box>
    ),
  },
  { id: 'currency', header: 'countries:columns.currency', sortKey: 'currency', render: (c) => c.currency },
  {
    id: 'timezone',
    header: 'countries:columns.timezone',
    sortKey: 'timezone',
    hideOnPhone: true,
    render: (c) => <Box sx={{ whiteSpace: 'nowrap' }}>{c.timezone.replaceAll('_', ' ')}</Box>,
  },
  {
    id: 'cities',
    header: 'countries:columns.cities',
    sortKey: 'cities_count',
    align: 'right',
    hideOnPhone: true,
    render: (c) => c.cities_count,
  },
  {
    id: 'companies',
    header: 'countries:columns.companies',
    sortKey: 'companies_count',
    align: 'right',
    render: (c) => c.companies_count,
  },
];
