import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

/**
 * A two/three-letter code in a small rounded tile (FR, EN, HT...). Used instead of flag emoji, which
 * many systems (Windows, Linux without an emoji font) cannot draw.
 */
export function CodeBadge({ code, active = false }: { code: string; active?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={(theme) => ({
        minWidth: 28,
        height: 20,
        px: 0.5,
        borderRadius: 0.75,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 11,
        fontWeight: 700,
        letterSpacing: 0.5,
        lineHeight: 1,
        flexShrink: 0,
        color: active ? 'primary.contrastText' : 'text.secondary',
        bgcolor: active ? 'primary.main' : alpha(theme.palette.grey[500], 0.16),
      })}
    >
      {code.toUpperCase()}
    </Box>
  );
}
