import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ConfirmProvider } from '../../components/confirm-dialog';
import { LazySettingsDrawer } from '../../components/settings/lazy-settings-drawer';
import { useSettings } from '../../components/settings/settings-context';
import { PageLoader } from '../../components/splash-screen';
import { Header } from '../../features/shell/components/header';
import { HEADER_HEIGHT, NAV_MINI_WIDTH, NAV_WIDTH } from '../../features/shell/components/layout-constants';
import { Sidebar } from '../../features/shell/components/sidebar';
import { queryClient } from '../../lib/query-client';
import { useUser } from '../../lib/session/use-session';

/** The signed-in frame (docs/spec.md §2 Layout): top bar, collapsible sidebar, settings drawer, page. */
export default function DashboardLayout() {
  const user = useUser();
  const theme = useTheme();
  const { navCollapsed, stretch, update } = useSettings();
  // Collapse is a desktop state: below md the sidebar is a temporary drawer (docs/spec.md §4).
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMobileOpen(false);
  }

  const collapsed = isDesktop && navCollapsed;
  const offset = isDesktop ? (collapsed ? NAV_MINI_WIDTH : NAV_WIDTH) : 0;

  return (
    <QueryClientProvider client={queryClient}>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <Header user={user} isDesktop={isDesktop} offset={offset} onOpenNav={() => setMobileOpen(true)} />
        <Sidebar
          user={user}
          isDesktop={isDesktop}
          collapsed={collapsed}
          onToggleCollapsed={() => update({ navCollapsed: !navCollapsed })}
          mobileOpen={mobileOpen}
          onCloseMobile={() => setMobileOpen(false)}
        />
        <Box
          component="main"
          sx={{
            flexGrow: 1,
            minWidth: 0,
            pl: `${offset}px`,
            pt: { xs: `${HEADER_HEIGHT.mobile + 8}px`, md: `${HEADER_HEIGHT.desktop + 8}px` },
            pb: { xs: 8, md: 10 },
            transition: theme.transitions.create('padding-left', { duration: theme.transitions.duration.shorter }),
          }}
        >
          <Container maxWidth={stretch ? false : 'lg'} sx={{ px: { xs: 2, sm: 3, lg: 5 } }}>
            <ConfirmProvider>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </ConfirmProvider>
          </Container>
        </Box>
        <LazySettingsDrawer />
      </Box>
    </QueryClientProvider>
  );
}
