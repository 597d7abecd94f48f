import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HTMLAttributes, Key } from 'react';
import type { Choice } from '../../lib/choices';

/**
 * The `renderOption` of the server-searched pickers (agents, supervisors…): the name, and under it the
 * hint (username, sub-branch…) and `blockedLabel` for a blocked choice when the picker shows it.
 */
export function choiceOption(blockedLabel?: string) {
  return ({ key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key }, c: Choice) => {
    const caption = [c.hint, c.blocked && blockedLabel ? blockedLabel : null].filter(Boolean).join(' · ');
    return (
      <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
        <span>{c.name}</span>
        {caption ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {caption}
          </Typography>
        ) : null}
      </Box>
    );
  };
}
