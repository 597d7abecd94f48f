import type { Company, companyListQuery } from '@borlette/shared/contracts/companies';
import type { SortKey } from '@borlette/shared/contracts/list';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BusinessDay } from '../../../components/business-day';
import { CountryFlag } from '../../../components/country-flag';
import type { DataTableColumn } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';
import { fDate } from '../../../lib/format';

const dash = (v: string | null | undefined) => v || '—';
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/** The list's columns (labels are keys of companies.json). */
export const companyColumns: DataTableColumn<Company, SortKey<typeof companyListQuery>>[] = [
  {
    id: 'name',
    header: 'companies:columns.name',
    sortKey: 'name',
    minWidth: 200,
    render: (c) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar src={c.logo ?? undefined} alt="" variant="rounded" sx={{ width: 36, height: 36, fontSize: 14 }}>
          {initials(c.name)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Box component="span" sx={{ display: 'block' }}>
            {c.name}
          </Box>
          <Typography
            component="span"
            variant="caption"
            sx={{ color: 'text.secondary', display: 'block', fontFamily: 'monospace', letterSpacing: 0.5 }}
          >
            {c.ref_code}
          </Typography>
        </Box>
      </Box>
    ),
  },
  {
    id: 'country',
    header: 'companies:columns.country',
    sortKey: 'country',
    minWidth: 140,
    render: (c) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CountryFlag code={c.country_code} flag={c.country_flag} size={18} />
        <Box sx={{ minWidth: 0 }}>
          <Box component="span" sx={{ display: 'block' }}>
            {c.country_name}
          </Box>
          {c.city_name ? (
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
              {c.city_name}
            </Typography>
          ) : null}
        </Box>
      </Box>
    ),
  },
  {
    id: 'settings',
    header: 'companies:columns.zoneCurrency',
    hideOnPhone: true,
    render: (c) => (
      <>
        <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {c.timezone.replaceAll('_', ' ')}
        </Box>
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {c.currency}
        </Typography>
      </>
    ),
  },
  {
    id: 'contact',
    header: 'companies:columns.contact',
    hideOnPhone: true,
    render: (c) => (
      <>
        <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {dash(c.phone)}
        </Box>
        {c.email ? (
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            {c.email}
          </Typography>
        ) : null}
      </>
    ),
  },
  {
    id: 'admin',
    header: 'companies:columns.admin',
    sortKey: 'admin_username',
    hideOnPhone: true,
    render: (c) => (
      <>
        <Box component="span" sx={{ display: 'block' }}>
          {dash(c.admin_username)}
        </Box>
        {c.admin_first_name || c.admin_last_name ? (
          <Typography
            component="span"
            variant="caption"
            sx={{ color: 'text.secondary', display: 'block', whiteSpace: 'nowrap' }}
          >
            {`${c.admin_first_name ?? ''} ${c.admin_last_name ?? ''}`.trim()}
          </Typography>
        ) : null}
      </>
    ),
  },
  {
    id: 'agents',
    header: 'companies:columns.agents',
    sortKey: 'agents_count',
    align: 'right',
    render: (c) => c.agents_count,
  },
  {
    id: 'status',
    header: 'companies:columns.status',
    sortKey: 'status',
    render: (c) => <StatusChip status={c.status} female />,
  },
  {
    id: 'created',
    header: 'companies:columns.created',
    sortKey: 'created_at',
    hideOnPhone: true,
    render: (c) => (
      <Box sx={{ whiteSpace: 'nowrap' }}>
        <BusinessDay day={fDate(c.created_at)} />
      </Box>
    ),
  },
];
