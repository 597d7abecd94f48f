import { createTheme, type Theme } from '@mui/material/styles';
import { createComponents } from './components';
import { createPalette, type Mode, PRESETS, type PresetName } from './palette';
import { createCustomShadows, createShadows } from './shadows';
import { typography } from './typography';

/** docs/spec.md §9 breakpoints. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

export function createAppTheme(mode: Mode, preset: PresetName): Theme {
  const base = createTheme({
    palette: createPalette(mode, preset),
    breakpoints: { values: BREAKPOINTS },
    shape: { borderRadius: 8 },
    typography,
    shadows: createShadows(mode),
    customShadows: createCustomShadows(mode, (PRESETS[preset] ?? PRESETS.default).main),
  });
  return createTheme(base, { components: createComponents(base) });
}
