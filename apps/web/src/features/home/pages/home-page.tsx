import AccessTimeOutlinedIcon from '@mui/icons-material/AccessTimeOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE, fDate, fTime } from '../../../lib/format-time';
import { companyLabel } from '../../../lib/session/company-label';
import { useUser } from '../../../lib/session/use-session';
import { InfoCard } from '../components/info-card';
import { useClock } from '../components/use-clock';
import { WelcomeCard } from '../components/welcome-card';

/** /dashboard/app: the home board. The KPIs (sales, tickets, winnings) come with a later release. */
export default function HomePage() {
  const { t } = useTranslation(['home', 'layout']);
  const user = useUser();
  const now = useClock();
  const timeZone = user.company?.timezone || DEFAULT_TIME_ZONE;
  const company = companyLabel(user, t('layout:allCompanies'));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <WelcomeCard user={user} companyLabel={company} now={now} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <InfoCard
          icon={<BusinessOutlinedIcon />}
          title={t('company')}
          value={company}
          caption={user.company?.currency ? t('currency', { currency: user.company.currency }) : undefined}
        />
        <InfoCard
          color="info"
          icon={<AccessTimeOutlinedIcon />}
          title={t('businessTime')}
          value={
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {fTime(now, { timeZone })}
            </Box>
          }
          caption={`${fDate(now, { timeZone })} · ${timeZone}`}
        />
        <InfoCard
          color="warning"
          icon={<InsightsOutlinedIcon />}
          title={t('kpiTitle')}
          value={t('kpiValue')}
          caption={t('kpiNote')}
        />
      </Box>
    </Box>
  );
}
