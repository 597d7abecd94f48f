import type { Theme } from '@mui/material/styles';

/** A cell kept in view while the table scrolls sideways (its first column, its row menu). */
export const stickyCell = (theme: Theme, side: 'left' | 'right', header = false) => ({
  position: 'sticky' as const,
  [side]: 0,
  zIndex: header ? 3 : 2,
  // Opaque (the neutral background is translucent in dark mode): paper, with the header tint on top.
  bgcolor: 'background.paper',
  backgroundImage: header
    ? `linear-gradient(${theme.palette.background.neutral}, ${theme.palette.background.neutral})`
    : 'none',
  [side === 'left' ? 'borderRight' : 'borderLeft']: `1px solid ${theme.palette.divider}`,
  // Keeps the row's hover tint on the opaque cell.
  ...(!header && {
    '.MuiTableRow-hover:hover > &': {
      backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
    },
  }),
});
