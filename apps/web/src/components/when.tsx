import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { dateLocale, toZonedWallClock } from '../lib/format';
import { useCompanyDisplay } from '../lib/session/use-company-display';

/** « 14 mars 2026 » over « 18:30 » on the company's clock. */
export function When({ at, timeZone, seconds = false }: { at: string | null; timeZone?: string; seconds?: boolean }) {
  const d = useCompanyDisplay();
  if (!at)
    return (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        —
      </Box>
    );
  const wall = toZonedWallClock(new Date(at), timeZone ?? d.timeZone);
  const locale = dateLocale(d.language);
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ display: 'block' }}>
        {format(wall, 'dd MMM yyyy', { locale })}
      </Box>
      <Typography
        component="span"
        variant="caption"
        sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
      >
        {format(wall, seconds ? 'HH:mm:ss' : 'HH:mm', { locale })}
      </Typography>
    </Box>
  );
}
