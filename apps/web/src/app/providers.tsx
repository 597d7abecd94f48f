import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { FlashNotifier } from '../components/flash-notifier';
import { SettingsProvider } from '../components/settings/settings-context';
import { SessionProvider } from '../lib/session/session-context';
import { ThemeProvider } from '../theme/theme-provider';

/** docs/spec.md §9: at most 5 notifications, auto-hidden after 3000 ms, top right. */
export const SNACKBAR_OPTIONS = {
  maxSnack: 5,
  autoHideDuration: 3000,
  anchorOrigin: { vertical: 'top', horizontal: 'right' },
} as const;

/**
 * App-wide providers. react-query's provider lives in the dashboard layout (see lib/query-client.ts).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SettingsProvider>
      <ThemeProvider>
        <SnackbarProvider {...SNACKBAR_OPTIONS} preventDuplicate>
          <FlashNotifier />
          <SessionProvider>{children}</SessionProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </SettingsProvider>
  );
}
