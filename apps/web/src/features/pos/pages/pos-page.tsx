import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ConfirmProvider } from '../../../components/confirm-dialog';
import { LazySettingsDrawer } from '../../../components/settings/lazy-settings-drawer';
import { PageLoader } from '../../../components/splash-screen';
import { isApiError } from '../../../lib/api-client';
import { PosSessionProvider, usePosSession } from '../api/pos-session';
import { PosLogin } from '../components/pos-login';
import { PosUnreachable } from '../components/pos-unreachable';
import { TerminalPending } from '../components/terminal-pending';
import { useHeartbeat } from '../components/use-heartbeat';
import { usePosInstall } from '../components/use-pos-install';

const PosApp = lazy(() => import('../components/pos-app'));

/** Network errors and 5xx heal by themselves; 4xx answers are final. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isApiError(error) && (error.statusCode === 0 || error.statusCode >= 500);
}

/** The POS has its own cache: nothing of a back-office session in the same browser is shared. */
const posQueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

function PosGate() {
  const { status, terminal } = usePosSession();
  const heartbeat = useHeartbeat(status === 'signedIn');
  if (status === 'checking') return <PageLoader />;
  if (status === 'unreachable') return <PosUnreachable />;
  if (status === 'signedOut') return <PosLogin />;
  // A device not (or no longer) approved can neither sell nor pay: say so before the first sale.
  if (terminal && terminal.state !== 'approved') {
    return (
      <TerminalPending state={terminal.state} onCheck={() => void heartbeat.check()} checking={heartbeat.checking} />
    );
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <PosApp />
    </Suspense>
  );
}

/**
 * /pos: the agents' point of sale, standalone (no dashboard frame), mobile first, installable
 * (web manifest + a service worker scoped to /pos).
 */
export default function PosPage() {
  usePosInstall();
  return (
    <QueryClientProvider client={posQueryClient}>
      <ConfirmProvider>
        <PosSessionProvider>
          <PosGate />
        </PosSessionProvider>
      </ConfirmProvider>
      <LazySettingsDrawer />
    </QueryClientProvider>
  );
}
