import Box from '@mui/material/Box';
import { alpha, keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

const pulse = keyframes`
  0%, 100% { transform: scale(1); opacity: 1; }
  50% { transform: scale(0.86); opacity: 0.7; }
`;

const slide = keyframes`
  0% { transform: translateX(-100%); }
  100% { transform: translateX(250%); }
`;

/** An indeterminate bar drawn with CSS only (the splash must stay tiny: it is on every first load). */
function LoadingBar({ width }: { width: number | string }) {
  const { t } = useTranslation('common');
  return (
    <Box
      role="progressbar"
      aria-label={t('loading')}
      sx={(theme) => ({
        width,
        height: 4,
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: alpha(theme.palette.primary.main, 0.16),
        '&::after': {
          content: '""',
          display: 'block',
          width: '40%',
          height: 1,
          borderRadius: 2,
          bgcolor: 'primary.main',
          animation: `${slide} 1.1s ease-in-out infinite`,
        },
      })}
    />
  );
}

/** docs/spec.md §2: a loading animation shows until the session initialisation ends. */
export function SplashScreen() {
  return (
    <Box
      aria-busy="true"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: 'background.default',
      }}
    >
      <Logo size={64} sx={{ animation: `${pulse} 1.4s ease-in-out infinite` }} />
      <LoadingBar width={140} />
    </Box>
  );
}

/** The thin bar shown while a lazily loaded page arrives. */
export function PageLoader() {
  return (
    <Box sx={{ px: { xs: 2, md: 5 }, py: 5, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Box sx={{ width: 1, maxWidth: 360 }}>
        <LoadingBar width="100%" />
      </Box>
    </Box>
  );
}
