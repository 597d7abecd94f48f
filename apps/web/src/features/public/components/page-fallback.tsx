import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded public page (or the public layout) is being fetched. */
export function PageFallback({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation('public');
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: fullScreen ? '100vh' : '70vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: fullScreen ? 'background.default' : undefined,
      }}
    >
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
