import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SimpleLayout } from '../../../components/simple-layout';
import { paths } from '../../../config/paths';
import { ComingSoonContent } from '../components/coming-soon-content';

/** /pos, target of the sidebar's point-of-sale card: the web POS arrives with the selling engine. */
export default function PosPage() {
  const { t } = useTranslation('common');
  return (
    <SimpleLayout>
      <ComingSoonContent
        title={t('pos.title')}
        text={t('pos.text')}
        action={
          <Button component={RouterLink} to={paths.dashboard.root} variant="contained" size="large">
            {t('pos.back')}
          </Button>
        }
      />
    </SimpleLayout>
  );
}
