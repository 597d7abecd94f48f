import { alpha, type Components, type Theme } from '@mui/material/styles';

/** Component overrides: rounded cards, soft shadows, quiet inputs (Minimal-kit look). */
export function createComponents(theme: Theme): Components<Theme> {
  const { palette, customShadows } = theme;
  const light = palette.mode === 'light';
  return {
    MuiCssBaseline: {
      styleOverrides: {
        '*': { boxSizing: 'border-box' },
        html: { margin: 0, padding: 0, width: '100%', height: '100%', WebkitOverflowScrolling: 'touch' },
        body: { margin: 0, padding: 0, width: '100%', height: '100%' },
        '#root': { width: '100%', height: '100%' },
        'input[type=number]': { MozAppearance: 'textfield' },
        img: { maxWidth: '100%', display: 'inline-block', verticalAlign: 'bottom' },
      },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { backgroundImage: 'none' }, outlined: { borderColor: alpha(palette.grey[500], 0.16) } },
    },
    MuiCard: {
      styleOverrides: {
        root: { position: 'relative', boxShadow: customShadows.card, borderRadius: 16, zIndex: 0 },
      },
    },
    MuiCardHeader: {
      defaultProps: { slotProps: { title: { variant: 'h6' }, subheader: { variant: 'body2' } } },
      styleOverrides: { root: { padding: theme.spacing(3, 3, 0) } },
    },
    MuiCardContent: { styleOverrides: { root: { padding: theme.spacing(3) } } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 8 },
        sizeLarge: { minHeight: 48, fontSize: 15 },
      },
      variants: [
        {
          props: { variant: 'contained', color: 'primary' },
          style: { '&:hover': { boxShadow: customShadows.primary } },
        },
      ],
    },
    MuiIconButton: { styleOverrides: { root: { borderRadius: '50%' } } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          '& .MuiOutlinedInput-notchedOutline': { borderColor: alpha(palette.grey[500], 0.32) },
          '&:hover .MuiOutlinedInput-notchedOutline': { borderColor: palette.text.primary },
          '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: palette.text.primary, borderWidth: 2 },
          '&.Mui-error .MuiOutlinedInput-notchedOutline': { borderColor: palette.error.main },
        },
      },
    },
    MuiInputLabel: {
      styleOverrides: {
        root: { color: palette.text.secondary, '&.Mui-focused': { color: palette.text.primary } },
      },
    },
    MuiFormHelperText: { styleOverrides: { root: { marginLeft: 4 } } },
    MuiCheckbox: { defaultProps: { size: 'small' } },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      // The primary colour is too dark to read as small text on dark paper: links use its light shade.
      variants: light
        ? []
        : [
            {
              props: { color: 'primary' },
              style: { color: palette.primary.light, textDecorationColor: alpha(palette.primary.light, 0.4) },
            },
          ],
    },
    MuiTooltip: {
      styleOverrides: {
        tooltip: { backgroundColor: palette.grey[light ? 800 : 700], borderRadius: 6 },
        arrow: { color: palette.grey[light ? 800 : 700] },
      },
    },
    MuiPopover: {
      styleOverrides: {
        paper: {
          boxShadow: customShadows.dropdown,
          borderRadius: 12,
          backgroundImage: 'none',
          ...(light ? {} : { border: `1px solid ${alpha(palette.grey[500], 0.12)}` }),
        },
      },
    },
    MuiMenuItem: {
      styleOverrides: {
        root: { ...theme.typography.body2, borderRadius: 6, padding: theme.spacing(0.75, 1) },
      },
    },
    MuiListItemIcon: {
      styleOverrides: { root: { color: 'inherit', minWidth: 'auto', marginRight: theme.spacing(2) } },
    },
    MuiDrawer: {
      styleOverrides: {
        paper: { backgroundImage: 'none' },
      },
    },
    MuiBackdrop: {
      styleOverrides: {
        root: { backgroundColor: alpha(palette.grey[900], 0.8) },
        invisible: { background: 'transparent' },
      },
    },
    MuiDialog: {
      styleOverrides: { paper: { boxShadow: customShadows.dialog, borderRadius: 16 } },
    },
    MuiAvatar: {
      styleOverrides: {
        colorDefault: { color: palette.text.secondary, backgroundColor: alpha(palette.grey[500], 0.24) },
      },
    },
    MuiChip: {
      styleOverrides: { root: { borderRadius: 8, fontWeight: 600 } },
      // Readable outlined primary chips on dark paper.
      variants: light
        ? []
        : [
            {
              props: { variant: 'outlined', color: 'primary' },
              style: { color: palette.primary.light, borderColor: alpha(palette.primary.light, 0.48) },
            },
          ],
    },
    MuiAlert: {
      styleOverrides: { root: { borderRadius: 8 } },
    },
    MuiDivider: { styleOverrides: { root: { borderColor: alpha(palette.grey[500], 0.2) } } },
    MuiLinearProgress: { styleOverrides: { root: { borderRadius: 4, overflow: 'hidden' } } },
  };
}
