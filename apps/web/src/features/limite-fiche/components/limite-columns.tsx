import type { LimiteFiche } from '@borlette/shared/contracts/limite-fiche';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';
import { fDateTime, formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import type { LimiteSortKey } from '../api/limite-fiche';

function Scope({ l }: { l: LimiteFiche }) {
  const { t } = useTranslation('limiteFiche');
  if (l.agent_id === null)
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <StorefrontOutlinedIcon fontSize="small" sx={{ color: 'primary.main' }} />
        <span>{t('companyWide')}</span>
      </Box>
    );
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {l.agent_name}
      </Box>
      <Typography
        component="span"
        variant="caption"
        sx={{ color: 'text.secondary', display: 'block', fontWeight: 400 }}
      >
        {l.agent_username}
        {l.surcussale_name ? ` · ${l.surcussale_name}` : ''}
      </Typography>
    </>
  );
}

function Amount({ centimes }: { centimes: number }) {
  const { i18n } = useTranslation();
  const user = useUser();
  return (
    <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(centimes, user.company?.currency ?? 'HTG', i18n.language)}
    </Box>
  );
}

function Updated({ at }: { at: string }) {
  const { i18n } = useTranslation();
  const user = useUser();
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {fDateTime(at, { timeZone: user.company?.timezone, language: i18n.language })}
    </Box>
  );
}

export const limiteColumns: DataTableColumn<LimiteFiche, LimiteSortKey>[] = [
  {
    id: 'agent',
    header: 'limiteFiche:columns.scope',
    sortKey: 'agent',
    minWidth: 200,
    render: (l) => <Scope l={l} />,
  },
  {
    id: 'max_amount',
    header: 'limiteFiche:columns.amount',
    sortKey: 'max_amount',
    align: 'right',
    render: (l) => <Amount centimes={l.max_amount} />,
  },
  {
    id: 'status',
    header: 'limiteFiche:columns.status',
    sortKey: 'status',
    render: (l) => <StatusChip status={l.status} female />,
  },
  {
    id: 'updated_at',
    header: 'limiteFiche:columns.updated',
    sortKey: 'updated_at',
    hideOnPhone: true,
    render: (l) => <Updated at={l.updated_at} />,
  },
];
