import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { BREAKPOINTS } from '../src/theme/create-theme';

/** The location the component under test navigated to, read by the test. */
export const location = { current: '' };

function LocationProbe() {
  const l = useLocation();
  location.current = `${l.pathname}${l.search}`;
  return null;
}

/** The providers a dashboard page has (router at `route`, fresh query cache, snackbars, theme). */
export function renderPage(ui: ReactNode, { route = '/list' }: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const theme = createTheme({ breakpoints: { values: BREAKPOINTS } });
  return render(
    <MemoryRouter initialEntries={[route]}>
      <QueryClientProvider client={client}>
        <ThemeProvider theme={theme}>
          <SnackbarProvider>
            {ui}
            <LocationProbe />
          </SnackbarProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

/**
 * Stubs `fetch`: each call is answered by `reply(url, init)` (`init.body`: what was sent); the
 * returned mock lists the URLs asked. A reply that never resolves (`pending`) keeps the request in flight.
 */
export function stubFetch(reply: (url: URL, init?: RequestInit) => Reply | Promise<Reply>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const { status = 200, body = null, headers = {} } = await reply(url, init);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json', ...headers } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Makes `(max-width: …)` media queries match a phone-wide window (MUI's useMediaQuery reads them). */
export function phoneViewport(width = 375) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}
