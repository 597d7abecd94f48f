import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CurrencySwitch } from '../../../components/currency-switch';
import { can as may } from '../../../lib/authorization';
import { formatMoney } from '../../../lib/format';
import { companyLabel } from '../../../lib/session/company-label';
import { useUser } from '../../../lib/session/use-session';
import { BOARD_SECTIONS, type BoardSection, useDashboardKpis } from '../api/dashboards';
import { BoardCharts } from '../components/board-charts';
import { DashboardFilters } from '../components/dashboard-filters';
import { KpiCards } from '../components/kpi-cards';
import { PendingResults } from '../components/pending-results';
import { useClock } from '../components/use-clock';
import { useDashboardFilters } from '../components/use-dashboard-filters';
import { WelcomeCard } from '../components/welcome-card';
import { longDay } from '../lib/format';

const SECTIONS = Object.keys(BOARD_SECTIONS) as BoardSection[];

/**
 * /dashboard/app: the home board. The period and filters live in the URL; every section asks its own
 * endpoint (contracts/dashboards.ts), only if the user holds its codename: the others are not asked
 * (no 403 in the console) and a note names them. With « Toutes » over several currencies, the board
 * shows one currency at a time (never a sum across them) and offers the others.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation(['home', 'layout']);
  const user = useUser();
  const now = useClock(30_000);
  const timeZone = user.time_zone;
  const company = companyLabel(user, t('layout:allCompanies'));
  const filters = useDashboardFilters(timeZone);
  const can = Object.fromEntries(SECTIONS.map((s) => [s, may(user, BOARD_SECTIONS[s])])) as Record<
    BoardSection,
    boolean
  >;
  const hidden = SECTIONS.filter((s) => !can[s]);
  const kpis = useDashboardKpis(filters.query, can.kpis);
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
      <PendingResults enabled={Boolean(user.company)} timeZone={timeZone} />
      <Box>
        <Typography variant="h5" component="h2">
          {t('board')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {platform ? `${period} · ${t('platform')}` : period}
        </Typography>
      </Box>
      <DashboardFilters filters={filters} />
      <CurrencySwitch
        currencies={kpis.data?.currencies}
        value={currency}
        onChange={filters.setCurrency}
        label={t('currency.label')}
        note={t('currency.note', { currency })}
      />
      {hidden.length ? (
        <Alert severity="info" variant="outlined" data-testid="hidden-sections">
          {t('hidden', {
            count: hidden.length,
            sections: hidden.map((s) => t(`sections.${s}`)).join(', '),
          })}
        </Alert>
      ) : null}
      {can.kpis ? <KpiCards query={kpis} money={money} /> : null}
      <BoardCharts
        filters={filters.query}
        range={filters.range}
        currency={currency}
        money={money}
        kpis={kpis}
        can={can}
      />
    </Box>
  );
}
