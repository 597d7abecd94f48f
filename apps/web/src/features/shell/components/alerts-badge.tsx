import { alertEndpoints } from '@borlette/shared/contracts/alerts';
import type { CurrentUser } from '@borlette/shared/contracts/auth';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { call } from '../../../lib/api-client';
import { can } from '../../../lib/authorization';

/** How often the badge asks for the count (the detectors themselves run every minute on the server). */
export const ALERTS_POLL_MS = 30_000;

/** The query the badge polls (the alerts page refreshes it after a state change: same key). */
export const ALERT_COUNT_KEY = ['alerts', 'count'] as const;

/**
 * The top bar's bell (issue 22 §3): how many anomaly alerts are new, polled every 30 s while the page is
 * visible; a link to the alerts. Only for a user holding view_alert (nothing is asked otherwise).
 */
export function AlertsBadge({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('layout');
  const allowed = can(user, alertEndpoints.count);
  const count = useQuery({
    queryKey: ALERT_COUNT_KEY,
    queryFn: () => call(alertEndpoints.count),
    enabled: allowed,
    refetchInterval: ALERTS_POLL_MS,
    refetchIntervalInBackground: false,
  });
  if (!allowed) return null;
  const n = count.data?.new ?? 0;
  const label = n ? t('alerts.new', { count: n }) : t('alerts.none');
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to={paths.dashboard.alerts} aria-label={label} sx={{ color: 'text.primary' }}>
        <Badge badgeContent={n} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
