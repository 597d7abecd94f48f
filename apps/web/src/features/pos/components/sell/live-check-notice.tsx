import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/** The live check's problems of the whole ticket or of a draw (those of a line are beside it). */
export function LiveCheckNotice({ problems }: { problems: readonly string[] }) {
  const { t } = useTranslation('pos');
  if (problems.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="live-check-notice">
      <AlertTitle>{t('sell.checkTitle')}</AlertTitle>
      {problems.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
