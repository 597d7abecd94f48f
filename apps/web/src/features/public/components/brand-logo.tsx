import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pal } from '../theme-utils';

interface BrandMarkProps {
  size?: number;
  sx?: SxProps<Theme>;
}

/** The Borlette mark: a rounded tile holding three lottery balls, drawn inline. */
export function BrandMark({ size = 36, sx }: BrandMarkProps) {
  const theme = useTheme();
  const p = pal(theme);
  const id = useId().replace(/:/g, '');
  return (
    <Box
      component="svg"
      viewBox="0 0 48 48"
      width={size}
      height={size}
      aria-hidden
      focusable="false"
      sx={{ flexShrink: 0, display: 'block', ...sx }}
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="48" y2="48" gradientUnits="userSpaceOnUse">
          <stop offset="0" style={{ stopColor: p.primary.light }} />
          <stop offset="1" style={{ stopColor: p.primary.dark }} />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="46" height="46" rx="14" fill={`url(#${id}-bg)`} />
      {/* big ball */}
      <circle cx="20" cy="22" r="11" fill="#fff" />
      <circle cx="20" cy="22" r="6.5" fill="none" strokeWidth="2.6" style={{ stroke: p.primary.main }} />
      <circle cx="20" cy="22" r="2.2" style={{ fill: p.primary.main }} />
      {/* small balls */}
      <circle cx="35" cy="14" r="5" fill="#fff" fillOpacity="0.9" />
      <circle cx="34" cy="34" r="6.5" fill="#fff" fillOpacity="0.75" />
      <circle cx="34" cy="34" r="2.4" fillOpacity="0.8" style={{ fill: p.primary.dark }} />
      {/* shine */}
      <path
        d="M13.5 17.5a8.5 8.5 0 0 1 6-4.3"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
        style={{ stroke: p.primary.light }}
      />
    </Box>
  );
}

interface BrandLogoProps {
  /** Show the word mark next to the mark. */
  withName?: boolean;
  size?: number;
  /** Render as a link to the home page. */
  link?: boolean;
  onClick?: () => void;
}

/** Mark + "Borlette" word mark, by default a link to '/'. */
export function BrandLogo({ withName = true, size = 36, link = true, onClick }: BrandLogoProps) {
  const { t } = useTranslation('public');
  const content = (
    <>
      <BrandMark size={size} />
      {withName && (
        <Typography
          component="span"
          sx={{
            fontWeight: 800,
            fontSize: size * 0.58,
            letterSpacing: '-0.02em',
            color: 'text.primary',
            lineHeight: 1,
          }}
        >
          {t('brand.name')}
        </Typography>
      )}
    </>
  );
  const sx = { display: 'inline-flex', alignItems: 'center', gap: 1.25, textDecoration: 'none' } as const;
  if (!link) return <Box sx={sx}>{content}</Box>;
  return (
    <Box component={RouterLink} to="/" aria-label={t('brand.homeLink')} onClick={onClick} sx={sx}>
      {content}
    </Box>
  );
}
