import { lazy, Suspense, useState } from 'react';
import { useSettings } from './settings-context';

const SettingsDrawer = lazy(() => import('./settings-drawer').then((m) => ({ default: m.SettingsDrawer })));

/** Mounts the settings drawer (and downloads its code) only once it has been opened. */
export function LazySettingsDrawer() {
  const { drawerOpen } = useSettings();
  const [wanted, setWanted] = useState(drawerOpen);
  if (drawerOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDrawer />
    </Suspense>
  );
}
