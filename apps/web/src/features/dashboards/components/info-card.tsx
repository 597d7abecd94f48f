import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type CardTone = 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

interface InfoCardProps {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  color?: CardTone;
  /** Skeletons instead of the value and caption. */
  loading?: boolean;
  /** Dimmed while newer figures load (the previous ones stay on screen). */
  stale?: boolean;
}

/**
 * An amount never wraps inside itself (« 11 431,1 | 0 HTG »): its size follows the card's width
 * (container units), from 22 px down to 14 px for the longest amounts on a phone.
 */
function fitFont(value: ReactNode): string {
  const length = typeof value === 'string' ? value.length : 8;
  return `clamp(14px, ${(100 / (Math.max(length, 8) * 0.64)).toFixed(1)}cqi, 22px)`;
}

/** A figure with its icon: the KPI cards of the home board. The value has the card's whole width. */
export function InfoCard({ icon, title, value, caption, color = 'primary', loading, stale }: InfoCardProps) {
  return (
    <Card
      aria-busy={loading || stale || undefined}
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        flexDirection: 'column',
        gap: 0.75,
        height: 1,
        opacity: stale ? 0.64 : 1,
        transition: 'opacity 0.2s',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ color: 'text.secondary', flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 36,
            height: 36,
            flexShrink: 0,
            borderRadius: 1.25,
            display: { xs: 'none', sm: 'flex' },
            alignItems: 'center',
            justifyContent: 'center',
            '& svg': { fontSize: 20 },
            color: theme.palette.mode === 'light' ? `${color}.dark` : `${color}.light`,
            bgcolor: alpha(theme.palette[color].main, 0.12),
          })}
        >
          {icon}
        </Box>
      </Box>
      <Box sx={{ containerType: 'inline-size' }}>
        <Typography
          variant="h5"
          component="p"
          sx={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.3, fontSize: fitFont(value), whiteSpace: 'nowrap' }}
        >
          {loading ? <Skeleton width="80%" /> : value}
        </Typography>
      </Box>
      {loading ? (
        <Skeleton variant="text" width="60%" sx={{ fontSize: 12 }} />
      ) : caption ? (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {caption}
        </Typography>
      ) : null}
    </Card>
  );
}
