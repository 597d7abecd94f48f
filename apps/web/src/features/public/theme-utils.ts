import type { Theme } from '@mui/material/styles';

/**
 * Palette that works whether or not the shell's theme uses CSS variables:
 * with CSS variables `theme.vars.palette` holds `var(--…)` references that follow the colour scheme.
 */
export const pal = (theme: Theme) => (theme.vars ?? theme).palette;

/** Translucent version of a palette colour, valid in light and dark schemes. */
export const fade = (theme: Theme, color: string, opacity: number) => theme.alpha(color, opacity);

/** Primary colour for text and icons: the lighter shade in dark mode keeps the contrast up. */
export const accent = (theme: Theme) =>
  theme.palette.mode === 'dark' ? pal(theme).primary.light : pal(theme).primary.main;
