import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';

/*
 * The results' balls of components/lot-balls.tsx at the home card's size (34 px, 15 px digits), which
 * that component's two sizes (28 and 40 px) do not have.
 */
export type BallTone = 'lot1' | 'lot2' | 'lot3' | 'loto';

const PALETTE = { lot1: 'primary', lot2: 'info', lot3: 'warning' } as const;

function toneColors(theme: Theme, tone: BallTone) {
  if (tone === 'loto') {
    const main = theme.palette.grey[500];
    return { color: theme.palette.text.primary, bgcolor: alpha(main, 0.16), border: alpha(main, 0.32) };
  }
  const p = theme.palette[PALETTE[tone]];
  return {
    color: theme.palette.mode === 'light' ? p.dark : p.light,
    bgcolor: alpha(p.main, 0.16),
    border: alpha(p.main, 0.4),
  };
}

/** A drawn number as a ball (2 digits) or a pill (3 digits and more). */
export function Ball({ value, tone, title }: { value: string; tone: BallTone; title?: string }) {
  return (
    <Box
      component="span"
      title={title}
      sx={(theme) => {
        const c = toneColors(theme, tone);
        return {
          minWidth: 34,
          height: 34,
          px: value.length > 2 ? 1 : 0,
          borderRadius: 17,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          flexShrink: 0,
          fontWeight: 700,
          fontSize: 15,
          lineHeight: 1,
          fontVariantNumeric: 'tabular-nums',
          letterSpacing: 0.5,
          color: c.color,
          bgcolor: c.bgcolor,
          border: `1px solid ${c.border}`,
        };
      }}
    >
      {value}
    </Box>
  );
}
