import type { ScreenDef } from '@borlette/shared/routes';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PermissionDenied } from '../../components/permission-denied';
import { SplashScreen } from '../../components/splash-screen';
import { paths } from '../../config/paths';
import { canAccessScreen, displayName } from '../../lib/authorization';
import { mustChooseCompany } from '../../lib/company-required';
import { useSession } from '../../lib/session/use-session';
import { getStoredSession, handSessionToPos, rememberRedirectPath } from '../../lib/storage';

const LoginPage = lazy(() => import('../../features/auth/pages/login-page'));
// Lazy: the login bundle stays small; it renders inside the dashboard layout's Suspense.
const ChooseCompany = lazy(() => import('./choose-company'));

/**
 * docs/spec.md §2: while not authenticated, a dashboard path shows the login screen in place and the wanted
 * path is remembered (sessionStorage) so that the reload after login lands on it.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  const wanted = `${location.pathname}${location.search}${location.hash}`;
  const authenticated = status === 'authenticated';
  // An agent's back-office session (kept from before agents were sent to the POS) opens the POS instead.
  const agentToken = getStoredSession()?.role === 'agent' ? getStoredSession()?.token : undefined;

  useEffect(() => {
    if (agentToken) {
      handSessionToPos(agentToken);
      // A full load: the session state of the back office is left behind with its storage.
      window.location.replace(paths.pos);
    } else if (!authenticated) rememberRedirectPath(wanted);
  }, [agentToken, authenticated, wanted]);

  if (agentToken) return <SplashScreen />;
  if (authenticated) return <>{children}</>;
  return (
    <Suspense fallback={<SplashScreen />}>
      <LoginPage />
    </Suspense>
  );
}

/** docs/spec.md §2: /auth/login when authenticated redirects to the dashboard root. */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'authenticated') return <Navigate to={paths.dashboard.root} replace />;
  return <>{children}</>;
}

/** docs/spec.md §2: the landing page sends a signed-in user to the dashboard; other public pages stay. */
export function LandingRedirect() {
  const { status } = useSession();
  const { pathname } = useLocation();
  if (pathname === paths.home && status === 'authenticated') return <Navigate to={paths.dashboard.root} replace />;
  return <Outlet />;
}

/**
 * docs/spec.md §2/§6: each dashboard screen is gated by its permission and its role rules; a create/edit page
 * of one company asks the superuser on « Toutes » to choose that company first (one behaviour for all).
 */
export function ScreenGate({ screen, children }: { screen: ScreenDef; children: ReactNode }) {
  const { user } = useSession();
  if (!user || !canAccessScreen(user, screen)) return <PermissionDenied name={user ? displayName(user) : ''} />;
  if (mustChooseCompany(user, screen)) {
    return <ChooseCompany user={user} />;
  }
  return <>{children}</>;
}
