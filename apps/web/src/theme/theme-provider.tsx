import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider as MuiThemeProvider } from '@mui/material/styles';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useSettings } from '../components/settings/settings-context';
import { createAppTheme } from './create-theme';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const { mode, preset } = useSettings();
  const theme = useMemo(() => createAppTheme(mode, preset), [mode, preset]);

  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.background.default);
  }, [mode, theme]);

  return (
    <MuiThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </MuiThemeProvider>
  );
}
