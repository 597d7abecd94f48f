import Box, { type BoxProps } from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';

interface LogoProps extends BoxProps {
  size?: number;
}

/** The product mark: two borlette balls on a rounded tile, drawn in the current primary colour. */
export function Logo({ size = 40, sx, ...other }: LogoProps) {
  const theme = useTheme();
  const id = useId();
  const { light, dark, main } = theme.palette.primary;
  return (
    <Box component="span" sx={{ display: 'inline-flex', width: size, height: size, flexShrink: 0, ...sx }} {...other}>
      <svg width="100%" height="100%" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={`${id}-g`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={light} />
            <stop offset="1" stopColor={dark} />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill={`url(#${id}-g)`} />
        <circle cx="24" cy="26" r="10" fill="#fff" />
        <circle cx="42" cy="40" r="10" fill="#fff" fillOpacity="0.72" />
        <text
          x="24"
          y="30.5"
          fontFamily="Arial, sans-serif"
          fontSize="12"
          fontWeight="700"
          textAnchor="middle"
          fill={main}
        >
          7
        </text>
      </svg>
    </Box>
  );
}
