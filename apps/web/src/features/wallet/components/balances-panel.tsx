import type { AgentBalance } from '@borlette/shared/contracts/wallet';
import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BalanceFigure } from '../../../components/balance-figure';
import { fBusinessDay } from '../../../lib/format';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';

export const newTransactionPath = (a: Pick<AgentBalance, 'agent_id' | 'agent_name'>) =>
  `/dashboard/transactions/new?${new URLSearchParams({ agent_id: String(a.agent_id), agent: a.agent_name })}`;

/**
 * The balances of the agents concerned by the listed entries, at the end of the period: what each one
 * owes (« doit ») or is owed (« défisi »). A name filters the list on that agent; the card button
 * opens a new movement for it.
 */
export function BalancesPanel({
  balances,
  loading,
  failed,
  endDate,
  selected,
  onSelect,
  canAdd,
  showCurrency = false,
}: {
  balances: AgentBalance[] | undefined;
  loading: boolean;
  /** The list could not be read (the table says why). */
  failed: boolean;
  endDate: string;
  selected: string;
  onSelect: (b: AgentBalance) => void;
  canAdd: boolean;
  /** « Toutes »: each balance says its currency (agents of several companies are listed). */
  showCurrency?: boolean;
}) {
  const { t } = useTranslation('wallet');
  const d = useCompanyDisplay();
  return (
    <Card component="section" aria-labelledby="wallet-balances-title" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardHeader
        title={t('balances.title')}
        subheader={t('balances.subtitle', { day: fBusinessDay(endDate, d.language) })}
        slotProps={{
          title: { id: 'wallet-balances-title', variant: 'subtitle1', component: 'h2' },
          subheader: { variant: 'caption' },
        }}
        sx={{ pb: 1.5 }}
      />
      <Divider />
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          overflowY: 'auto',
          maxHeight: { xs: 300, sm: 236, xl: 560 },
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(240px, 1fr))', xl: '1fr' },
          alignContent: 'start',
        }}
      >
        {loading && !balances
          ? [0, 1, 2].map((i) => (
              <Box component="li" key={i} sx={{ px: 2, py: 1.5 }}>
                <Skeleton width="60%" />
                <Skeleton width="40%" />
              </Box>
            ))
          : null}
        {failed && !balances ? (
          <Typography
            component="li"
            variant="body2"
            sx={{ px: 2, py: 3, color: 'text.secondary', textAlign: 'center', gridColumn: '1 / -1' }}
          >
            {t('balances.failed')}
          </Typography>
        ) : null}
        {balances && !balances.length ? (
          <Typography
            component="li"
            variant="body2"
            sx={{ px: 2, py: 3, color: 'text.secondary', textAlign: 'center', gridColumn: '1 / -1' }}
          >
            {t('balances.empty')}
          </Typography>
        ) : null}
        {balances?.map((b) => {
          const active = selected === String(b.agent_id);
          return (
            <Box
              component="li"
              key={b.agent_id}
              sx={{
                px: 2,
                py: 1.25,
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                borderBottom: 1,
                borderColor: 'divider',
                bgcolor: active ? 'action.selected' : undefined,
              }}
            >
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Link
                  component="button"
                  type="button"
                  underline="hover"
                  onClick={() => onSelect(b)}
                  aria-pressed={active}
                  aria-label={t('balances.filterOn', { name: b.agent_name })}
                  sx={{ color: 'text.primary', fontWeight: 600, textAlign: 'left', display: 'block', maxWidth: '100%' }}
                  noWrap
                >
                  {b.agent_name}
                </Link>
                <Box sx={{ mt: 0.25 }}>
                  <BalanceFigure value={b.balance} currency={showCurrency ? b.currency : undefined} />
                </Box>
              </Box>
              {canAdd ? (
                <Tooltip title={t('balances.newFor', { name: b.agent_name })}>
                  <IconButton
                    component={RouterLink}
                    to={newTransactionPath(b)}
                    size="small"
                    aria-label={t('balances.newFor', { name: b.agent_name })}
                  >
                    <AddCardOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : null}
            </Box>
          );
        })}
      </Box>
    </Card>
  );
}
