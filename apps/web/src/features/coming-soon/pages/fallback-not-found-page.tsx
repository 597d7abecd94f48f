import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SimpleLayout } from '../../../components/simple-layout';
import { paths } from '../../../config/paths';

/** Used only while the public pages (which own the real 404) are absent from the route table. */
export default function FallbackNotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <SimpleLayout>
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {t('notFound.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('notFound.text')}</Typography>
      <Button component={RouterLink} to={paths.dashboard.root} variant="contained" size="large">
        {t('notFound.back')}
      </Button>
    </SimpleLayout>
  );
}
