import type { Theme } from '@mui/material/styles';

/** The tones of chips and cards (statuses, events, totals), mapped on the theme's palette. */
export type Tone = 'info' | 'success' | 'warning' | 'error' | 'secondary' | 'grey';

/** Text and soft background of a tone, readable in light and dark mode. */
export function toneColors(theme: Theme, tone: Tone) {
  const light = theme.palette.mode === 'light';
  if (tone === 'grey') return { text: theme.palette.grey[light ? 700 : 400], main: theme.palette.grey[500] };
  const p = theme.palette[tone];
  return { text: light ? p.dark : p.light, main: p.main };
}
