import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { paths } from '../config/paths';

/*
 * The back office's pages, found apart from the route table: this registry (one lazy page per screen,
 * with the list of chunks each one needs) is downloaded with the dashboard, not by every first screen
 * (/auth/login, /pos). router.tsx renders it lazily for each DASHBOARD_SCREENS route.
 */
const HomePage = lazy(() => import('../features/dashboards/pages/home-page'));
const AccountPage = lazy(() => import('../features/account/pages/account-page'));
const ComingSoonPage = lazy(() => import('../features/coming-soon/pages/coming-soon-page'));

type ScreenMap = Record<string, LazyExoticComponent<ComponentType> | undefined>;

/* Each feature registers its pages in its own `screens.ts` (path of DASHBOARD_SCREENS -> lazy page). */
const featureScreens = import.meta.glob<{ screens: ScreenMap }>('../features/*/screens.ts', { eager: true });

/** The built screens; every other DASHBOARD_SCREENS entry is an honest "coming soon" page. */
const BUILT_SCREENS: ScreenMap = Object.assign(
  {
    [paths.dashboard.app]: HomePage,
    [paths.dashboard.account]: AccountPage,
  },
  ...Object.values(featureScreens).map((m) => m.screens),
);

/** The page of one dashboard screen (its Suspense is the dashboard layout's, around its <Outlet />). */
export default function DashboardScreen({ path, titleKey }: { path: string; titleKey: string }) {
  const Built = BUILT_SCREENS[path];
  return Built ? <Built /> : <ComingSoonPage titleKey={titleKey} />;
}
