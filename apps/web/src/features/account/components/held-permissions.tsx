import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HeldGroup } from '../../../lib/permission-labels';

/**
 * What the user holds, named in French and grouped as the generals' form groups them (one source of
 * names: lib/permission-labels): a heading per domain, a line per entity with its actions.
 */
export function HeldPermissions({ groups }: { groups: HeldGroup[] }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, maxHeight: { md: 420 }, overflowY: 'auto' }}>
      {groups.map((g) => (
        <Box key={g.label} component="section" aria-label={g.label}>
          <Typography
            variant="overline"
            component="h4"
            sx={{ color: 'text.secondary', display: 'block', lineHeight: 2 }}
          >
            {g.label} · {g.count}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', rowGap: 0.5 }}>
            {g.rows.map((r) => (
              <Box key={r.label} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.75, typography: 'body2' }}>
                <Box component="dt" sx={{ fontWeight: 600 }}>
                  {r.label} :
                </Box>
                <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
                  {r.items.join(' · ')}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
