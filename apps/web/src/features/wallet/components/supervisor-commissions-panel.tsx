import type { SupervisorCommissionLine } from '@borlette/shared/contracts/wallet';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';

/**
 * The ledger's view of the supervisors' commission (issue 20 §3): per supervisor, its commission on
 * the period's sales of the agents listed, as the reports sum it. Not in the agents' balances (the
 * company owes it); a supervisor sees its own line. Nothing when no supervisor earns any.
 */
export function SupervisorCommissionsPanel({ lines }: { lines: SupervisorCommissionLine[] | undefined }) {
  const { t, i18n } = useTranslation('wallet');
  if (!lines?.length) return null;
  return (
    <Card component="section" aria-labelledby="wallet-supervisors-title" sx={{ mt: 2 }}>
      <CardHeader
        title={t('supervisorCommissions.title')}
        subheader={t('supervisorCommissions.subtitle')}
        slotProps={{
          title: { id: 'wallet-supervisors-title', variant: 'subtitle1', component: 'h2' },
          subheader: { variant: 'caption' },
        }}
        sx={{ pb: 1.5 }}
      />
      <Divider />
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {lines.map((l) => (
          <Box
            component="li"
            key={`${l.supervisor_id}-${l.currency}`}
            sx={{ px: 2, py: 1.25, display: 'flex', gap: 1, borderBottom: 1, borderColor: 'divider' }}
          >
            <Typography variant="body2" noWrap sx={{ flexGrow: 1, fontWeight: 600 }}>
              {l.supervisor_name}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(l.commission, l.currency, i18n.language)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
