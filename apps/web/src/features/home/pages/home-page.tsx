import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '../../../lib/format-time';
import { formatMoney } from '../../../lib/money';
import { companyLabel } from '../../../lib/session/company-label';
import { useUser } from '../../../lib/session/use-session';
import { useDashboardKpis } from '../api/dashboard';
import { BoardCharts } from '../components/board-charts';
import { DashboardFilters } from '../components/dashboard-filters';
import { KpiCards } from '../components/kpi-cards';
import { useClock } from '../components/use-clock';
import { useDashboardFilters } from '../components/use-dashboard-filters';
import { WelcomeCard } from '../components/welcome-card';
import { longDay } from '../lib/format';

/**
 * /dashboard/app: the home board. The period and filters live in the URL; every section asks its own
 * endpoint (GET /api/companies/app…) and disappears when the server refuses it to the user.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation(['home', 'layout']);
  const user = useUser();
  const now = useClock(30_000);
  const timeZone = user.company?.timezone || DEFAULT_TIME_ZONE;
  const company = companyLabel(user, t('layout:allCompanies'));
  const filters = useDashboardFilters(timeZone);
  const kpis = useDashboardKpis(filters.query);
  const language = i18n.resolvedLanguage ?? 'fr';
  const currency = kpis.data?.currency ?? user.company?.currency ?? 'HTG';
  const money = (centimes: number) => formatMoney(centimes, currency, language);
  const platform = user.role === 'superuser' && !user.company;
  const { start, end } = filters.range;
  const period =
    start === end
      ? t('day', { day: longDay(start, language) })
      : t('range', { start: longDay(start, language), end: longDay(end, language) });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <WelcomeCard user={user} companyLabel={company} now={now} />
      <Box>
        <Typography variant="h5" component="h2">
          {t('board')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {platform ? `${period} · ${t('platform')}` : period}
        </Typography>
      </Box>
      <DashboardFilters filters={filters} />
      <KpiCards query={kpis} money={money} />
      <BoardCharts filters={filters.query} range={filters.range} currency={currency} money={money} kpis={kpis} />
    </Box>
  );
}
