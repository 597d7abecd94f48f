import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

export interface TopItem {
  key: string | number;
  name: string;
  value: number;
}

/**
 * A ranking as a list of bars (top agents, top sub-branches): plain HTML, so it reads as a list with
 * its figures to every user, and the bars only add the proportions for the eye.
 */
export function TopList({
  items,
  format,
  color = 'primary',
  labelledBy,
}: {
  items: TopItem[];
  format: (value: number) => string;
  color?: 'primary' | 'info' | 'success' | 'warning';
  labelledBy: string;
}) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <Box component="ol" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.75 }}>
      {items.map((item, rank) => (
        <Box component="li" key={item.key} sx={{ display: 'grid', gap: 0.75 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, minWidth: 0 }}>
            <Typography
              variant="caption"
              aria-hidden
              sx={{
                color: 'text.disabled',
                fontWeight: 700,
                width: 20,
                flexShrink: 0,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {rank + 1}
            </Typography>
            <Typography variant="body2" noWrap sx={{ flexGrow: 1, minWidth: 0, fontWeight: 500 }} title={item.name}>
              {item.name}
            </Typography>
            <Typography
              variant="body2"
              sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 600 }}
            >
              {format(item.value)}
            </Typography>
          </Box>
          <Box
            aria-hidden
            sx={(theme) => ({
              ml: '28px',
              height: 8,
              borderRadius: 4,
              bgcolor: alpha(theme.palette[color].main, 0.12),
              overflow: 'hidden',
            })}
          >
            <Box
              sx={{
                width: `${Math.max(2, (item.value / max) * 100)}%`,
                height: 1,
                borderRadius: 4,
                bgcolor: `${color}.main`,
                transition: 'width 0.4s',
              }}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
