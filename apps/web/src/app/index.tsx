import { BrowserRouter } from 'react-router';
import { SplashScreen } from '../components/splash-screen';
import { useSession } from '../lib/session/use-session';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** Nothing is routed before the session is known (docs/spec.md §2: loading animation until initialised). */
function SessionGate() {
  const { status } = useSession();
  if (status === 'loading') return <SplashScreen />;
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

export function App() {
  return (
    <AppProviders>
      <SessionGate />
    </AppProviders>
  );
}
