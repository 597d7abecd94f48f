import { DASHBOARD_SCREENS, type ScreenDef } from '@borlette/shared/routes';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/route-error';
import { SplashScreen } from '../components/splash-screen';
import { paths } from '../config/paths';
import { publicRoutes } from '../features/public/routes';
import { loadDashboardNamespaces } from '../lib/i18n';
import { AuthGuard, GuestGuard, LandingRedirect, ScreenGate } from './routes/guards';

/* Every page is loaded lazily: the first screen only downloads what it shows. */
const DashboardLayout = lazy(() => {
  // The dashboard's page registry and its frame's strings come with its frame, in parallel.
  void import('./dashboard-screens');
  return Promise.all([import('./layouts/dashboard-layout'), loadDashboardNamespaces()]).then(([layout]) => layout);
});
const DashboardScreen = lazy(() => import('./dashboard-screens'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const FicheViewPage = lazy(() => import('../features/fiche-view/pages/fiche-view-page'));
const PosPage = lazy(() => import('../features/pos/pages/pos-page'));
const FallbackNotFound = lazy(() => import('../features/coming-soon/pages/fallback-not-found-page'));

function page(element: ReactNode, fallback: ReactNode = <SplashScreen />) {
  return <Suspense fallback={fallback}>{element}</Suspense>;
}

function screenRoute(screen: ScreenDef): RouteObject {
  // Suspense for dashboard pages lives in the layout, around its <Outlet />.
  return {
    path: screen.path,
    element: (
      <ScreenGate screen={screen}>
        <DashboardScreen path={screen.path} titleKey={screen.title} />
      </ScreenGate>
    ),
  };
}

function definesPath(routes: RouteObject[], path: string, parent = ''): boolean {
  return routes.some((r) => {
    const full = r.path ? (r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`) : parent;
    if ((r.index || !r.children) && (full || '/') === path && (r.path || r.index)) return true;
    return r.children ? definesPath(r.children, path, full) : false;
  });
}

/* Until the public pages exist, '/' and '/404' still lead somewhere (and '*' cannot loop). */
const publicFallbacks: RouteObject[] = [
  ...(definesPath(publicRoutes, paths.home)
    ? []
    : [{ path: paths.home, element: <Navigate to={paths.dashboard.root} replace /> }]),
  ...(definesPath(publicRoutes, paths.page404) ? [] : [{ path: paths.page404, element: page(<FallbackNotFound />) }]),
];

function Root() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/** The one route table of the app (docs/spec.md §2). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { element: <LandingRedirect />, children: [...publicRoutes, ...publicFallbacks] },
      { path: paths.auth.login, element: <GuestGuard>{page(<LoginPage />)}</GuestGuard> },
      { path: '/fiche-view/:refCode', element: page(<FicheViewPage />) },
      { path: paths.pos, element: page(<PosPage />) },
      {
        path: paths.dashboard.root,
        element: <AuthGuard>{page(<DashboardLayout />)}</AuthGuard>,
        children: [
          { index: true, element: <Navigate to={paths.dashboard.app} replace /> },
          ...DASHBOARD_SCREENS.map(screenRoute),
        ],
      },
      { path: '*', element: <Navigate to={paths.page404} replace /> },
    ],
  },
];

/**
 * Rendered inside <BrowserRouter>. The app uses no loaders or actions, so the declarative router is
 * enough — and it is much lighter than the data router (createBrowserRouter) on the first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
