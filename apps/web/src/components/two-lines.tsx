import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A name over a caption (agent over its sub-branch, who over when…). */
export function TwoLines({ main, caption }: { main: ReactNode; caption?: ReactNode }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {main || '—'}
      </Box>
      {caption ? (
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {caption}
        </Typography>
      ) : null}
    </>
  );
}
