import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SimpleLayout } from '../../../components/simple-layout';
import { ComingSoonContent } from '../components/coming-soon-content';

/** Spec §2: /fiche-view/{refCode}, the public ticket view — not built yet, and saying so. */
export default function FicheViewPage() {
  const { t } = useTranslation('common');
  const { refCode = '' } = useParams();
  return (
    <SimpleLayout>
      <ComingSoonContent
        title={t('ficheView.title')}
        text={t('ficheView.text')}
        action={
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('ficheView.reference')}{' '}
            <Typography
              component="span"
              variant="subtitle2"
              sx={{ color: 'text.primary', fontFamily: 'monospace', wordBreak: 'break-all' }}
            >
              {refCode}
            </Typography>
          </Typography>
        }
      />
    </SimpleLayout>
  );
}
