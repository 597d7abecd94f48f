import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The draws of a ticket as text: two names, then « +N » (all of them in the tooltip). */
export function DrawNames({ tirages }: { tirages: { id: number; name: string }[] }) {
  const shown = tirages.slice(0, 2);
  const rest = tirages.length - shown.length;
  return (
    <Typography
      variant="body2"
      component="span"
      title={tirages.map((t) => t.name).join(', ')}
      sx={{ display: 'block', maxWidth: 220 }}
    >
      {shown.map((t) => t.name).join(', ')}
      {rest > 0 ? (
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600, whiteSpace: 'nowrap' }}>
          {` +${rest}`}
        </Box>
      ) : null}
    </Typography>
  );
}
