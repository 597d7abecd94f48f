import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ComingSoonContent } from '../components/coming-soon-content';

/** Every dashboard screen that is not built yet (docs/spec.md §2 route table): title + honest notice. */
export default function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['nav', 'common']);
  // '/dashboard/tirage/configuration/:type' titles name the type (agent, tirage, surcussale).
  const { type } = useParams();
  const typeLabel = type ? t(`primeTypes.${type}`, { ns: 'nav', defaultValue: type }) : '';
  return (
    <Card sx={{ px: { xs: 2.5, md: 5 }, py: { xs: 5, md: 8 } }}>
      <ComingSoonContent
        title={t(titleKey, { ns: 'nav', type: typeLabel })}
        text={t('comingSoon.dashboardText', { ns: 'common' })}
        action={
          <Button component={RouterLink} to={paths.dashboard.app} variant="outlined" color="inherit" size="large">
            {t('comingSoon.backToBoard', { ns: 'common' })}
          </Button>
        }
      />
    </Card>
  );
}
