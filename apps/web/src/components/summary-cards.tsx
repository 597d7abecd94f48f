import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type Tone, toneColors } from '../lib/tone';

export interface SummaryItem {
  key: string;
  label: string;
  /** The formatted figure; null while loading or unknown. */
  value: string | null;
  icon: ReactNode;
  tone: Tone;
  /** Colour of the figure itself (a « défisi » in red…). */
  valueColor?: string;
  /** A line under the figure (« doit », « défisi »…). */
  caption?: ReactNode;
}

/**
 * The figures of the period as small cards: two per row on phones, all in one row on desktops (the
 * ticket lists, the reports, the statistics, the wallet). `columns` sets the desktop grid when a page
 * wants its cards narrower than one row (by default one column per card).
 */
export function SummaryCards({
  items,
  loading,
  label,
  columns = items.length,
}: {
  items: SummaryItem[];
  loading: boolean;
  label: string;
  columns?: number;
}) {
  const n = items.length;
  return (
    <Box
      component="section"
      aria-label={label}
      aria-busy={loading}
      sx={{
        mb: 3,
        display: 'grid',
        gap: { xs: 1.5, md: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: `repeat(${Math.min(n, 3)}, minmax(0, 1fr))`,
          md: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {items.map((item, i) => (
        <Card
          key={item.key}
          sx={{
            p: { xs: 1.5, md: 2 },
            minWidth: 0,
            // An odd count on phones: the first card takes the whole row.
            ...(i === 0 && n % 2 === 1 && { gridColumn: { xs: '1 / -1', sm: 'auto' } }),
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Box
              aria-hidden
              sx={(theme) => {
                const c = toneColors(theme, item.tone);
                return {
                  width: 28,
                  height: 28,
                  flexShrink: 0,
                  borderRadius: 1,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  color: c.text,
                  bgcolor: alpha(c.main, 0.14),
                  '& svg': { fontSize: 18 },
                };
              }}
            >
              {item.icon}
            </Box>
            <Typography variant="caption" component="h2" sx={{ color: 'text.secondary', fontWeight: 600, minWidth: 0 }}>
              {item.label}
            </Typography>
          </Box>
          <Typography
            variant="subtitle1"
            component="p"
            sx={{
              fontWeight: 700,
              fontVariantNumeric: 'tabular-nums',
              lineHeight: 1.5,
              // A figure is never cut: it wraps at its spaces (« 12345 · » / « 75 000,00 HTG »; an amount's
              // own spaces do not break), and only a figure wider than the card breaks inside.
              overflowWrap: 'anywhere',
              color: item.valueColor,
            }}
          >
            {item.value ?? (loading ? <Skeleton width={90} /> : '—')}
          </Typography>
          {item.caption ? (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }} noWrap>
              {item.caption}
            </Typography>
          ) : null}
        </Card>
      ))}
    </Box>
  );
}
