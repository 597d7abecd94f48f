import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Desktop-only left panel of the login screen: the promise of the product and a picture. */
export function LoginHero() {
  const { t } = useTranslation('auth');
  const theme = useTheme();
  const { main, light, dark, lighter } = theme.palette.primary;
  const paper = theme.palette.background.paper;
  const grey = alpha(theme.palette.grey[500], 0.24);
  const balls = [
    { x: 250, y: 92, n: '07', c: main },
    { x: 300, y: 72, n: '21', c: theme.palette.warning.main },
    { x: 348, y: 100, n: '88', c: theme.palette.success.main },
  ];
  return (
    <Box
      sx={{
        px: 5,
        pt: 14,
        pb: 6,
        gap: 6,
        width: 1,
        maxWidth: 480,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        position: 'relative',
        minHeight: '100vh',
        bgcolor: theme.palette.mode === 'light' ? 'grey.100' : alpha(theme.palette.grey[500], 0.08),
        backgroundImage: `radial-gradient(circle at 15% 10%, ${alpha(main, 0.14)}, transparent 45%), radial-gradient(circle at 85% 95%, ${alpha(theme.palette.secondary.main, 0.08)}, transparent 40%)`,
        borderRight: `1px dashed ${alpha(theme.palette.grey[500], 0.16)}`,
      }}
    >
      <Box>
        <Typography variant="h3" component="p" sx={{ mb: 1.5 }}>
          {t('hero.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('hero.subtitle')}</Typography>
      </Box>
      <Box sx={{ width: 1, maxWidth: 400 }}>
        <svg viewBox="0 0 420 300" width="100%" aria-hidden="true" focusable="false">
          <ellipse cx="210" cy="270" rx="170" ry="18" fill={alpha(theme.palette.grey[500], 0.16)} />
          <rect x="40" y="40" width="300" height="210" rx="18" fill={paper} stroke={grey} strokeWidth="2" />
          <rect x="40" y="40" width="300" height="36" rx="18" fill={alpha(main, 0.12)} />
          <circle cx="64" cy="58" r="6" fill={light} />
          <circle cx="84" cy="58" r="6" fill={alpha(light, 0.6)} />
          <rect x="64" y="100" width="120" height="12" rx="6" fill={grey} />
          <rect x="64" y="122" width="80" height="10" rx="5" fill={alpha(theme.palette.grey[500], 0.16)} />
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <rect
              key={i}
              x={70 + i * 40}
              y={230 - [50, 80, 60, 100, 76, 120][i]}
              width="22"
              height={[50, 80, 60, 100, 76, 120][i]}
              rx="6"
              fill={i === 5 ? main : alpha(main, 0.24 + i * 0.08)}
            />
          ))}
          <rect x="250" y="150" width="140" height="86" rx="14" fill={paper} stroke={grey} strokeWidth="2" />
          <rect x="266" y="168" width="60" height="10" rx="5" fill={lighter} />
          <rect x="266" y="188" width="100" height="14" rx="7" fill={dark} />
          <rect x="266" y="210" width="44" height="10" rx="5" fill={alpha(theme.palette.success.main, 0.4)} />
          {balls.map((b) => (
            <g key={b.n}>
              <circle cx={b.x} cy={b.y} r="24" fill={b.c} />
              <circle cx={b.x} cy={b.y} r="14" fill="#fff" />
              <text
                x={b.x}
                y={b.y + 5}
                textAnchor="middle"
                fontSize="13"
                fontWeight="700"
                fontFamily="Arial, sans-serif"
                fill="#212B36"
              >
                {b.n}
              </text>
            </g>
          ))}
        </svg>
      </Box>
    </Box>
  );
}
