import Box, { type BoxProps } from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';

/** A padlock on a soft blob: the "permission refused" picture. */
export function LockIllustration(props: BoxProps) {
  const theme = useTheme();
  const { main, light, dark } = theme.palette.primary;
  return (
    <Box {...props}>
      <svg viewBox="0 0 240 200" width="100%" height="100%" aria-hidden="true" focusable="false">
        <path
          d="M40 110c0-50 40-86 92-86s76 34 76 76-30 84-86 84S40 160 40 110z"
          fill={alpha(main, theme.palette.mode === 'light' ? 0.08 : 0.16)}
        />
        <rect x="78" y="92" width="84" height="70" rx="14" fill={main} />
        <path d="M96 92V74a24 24 0 0148 0v18" fill="none" stroke={dark} strokeWidth="10" strokeLinecap="round" />
        <circle cx="120" cy="122" r="9" fill="#fff" />
        <rect x="116" y="126" width="8" height="18" rx="4" fill="#fff" />
        <circle cx="186" cy="56" r="8" fill={light} />
        <circle cx="58" cy="64" r="5" fill={alpha(dark, 0.4)} />
      </svg>
    </Box>
  );
}

/** A calendar with a clock: the "coming soon" picture. */
export function ComingSoonIllustration(props: BoxProps) {
  const theme = useTheme();
  const { main, light, dark } = theme.palette.primary;
  const paper = theme.palette.background.paper;
  return (
    <Box {...props}>
      <svg viewBox="0 0 240 200" width="100%" height="100%" aria-hidden="true" focusable="false">
        <path
          d="M30 118c0-52 46-92 100-92s82 40 82 84-34 80-92 80S30 166 30 118z"
          fill={alpha(main, theme.palette.mode === 'light' ? 0.08 : 0.16)}
        />
        <rect
          x="62"
          y="56"
          width="104"
          height="96"
          rx="14"
          fill={paper}
          stroke={alpha(theme.palette.grey[500], 0.32)}
          strokeWidth="2"
        />
        <path d="M62 70a14 14 0 0114-14h76a14 14 0 0114 14v12H62z" fill={main} />
        <rect x="84" y="46" width="8" height="20" rx="4" fill={dark} />
        <rect x="136" y="46" width="8" height="20" rx="4" fill={dark} />
        {[0, 1, 2].map((row) =>
          [0, 1, 2, 3].map((col) => (
            <rect
              key={`${row}-${col}`}
              x={78 + col * 20}
              y={94 + row * 18}
              width="12"
              height="10"
              rx="3"
              fill={alpha(theme.palette.grey[500], row === 1 && col === 2 ? 0 : 0.24)}
            />
          )),
        )}
        <circle cx="170" cy="140" r="30" fill={light} />
        <circle cx="170" cy="140" r="23" fill={paper} />
        <path
          d="M170 126v15l10 6"
          fill="none"
          stroke={dark}
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </Box>
  );
}

/** An open, empty box: the "nothing here yet" picture of lists. */
export function EmptyIllustration(props: BoxProps) {
  const theme = useTheme();
  const { main, light, dark } = theme.palette.primary;
  const grey = theme.palette.grey[500];
  return (
    <Box {...props}>
      <svg viewBox="0 0 240 180" width="100%" height="100%" aria-hidden="true" focusable="false">
        <path
          d="M28 104c0-46 42-82 94-82s90 32 90 74-36 76-94 76S28 148 28 104z"
          fill={alpha(main, theme.palette.mode === 'light' ? 0.08 : 0.16)}
        />
        <path d="M62 84l58-22 58 22-58 22z" fill={alpha(grey, 0.32)} />
        <path d="M62 84v54l58 22V106z" fill={main} />
        <path d="M178 84v54l-58 22V106z" fill={dark} />
        <path d="M62 84l-16 20 58 22 16-20z" fill={light} />
        <path d="M178 84l16 20-58 22-16-20z" fill={alpha(light, 0.8)} />
        <circle cx="120" cy="40" r="5" fill={alpha(dark, 0.5)} />
        <circle cx="164" cy="48" r="3.5" fill={light} />
        <circle cx="80" cy="52" r="3" fill={alpha(grey, 0.6)} />
      </svg>
    </Box>
  );
}
