import { useEffect } from 'react';

export const POS_MANIFEST = '/pos.webmanifest';
export const POS_SERVICE_WORKER = '/pos-sw.js';
export const POS_SCOPE = '/pos';

/** The built files (hashed, under /assets/) this page has loaded. */
function loadedAssets(entries: PerformanceEntryList): string[] {
  return entries
    .map((e) => e.name)
    .filter((name) => new URL(name, window.location.href).pathname.startsWith('/assets/'));
}

/**
 * Makes /pos installable as an app: links its web manifest in the document head while the POS is
 * shown, and registers the service worker scoped to /pos, which keeps the POS shell for offline
 * starts (public/pos-sw.js: never an /api answer). The files loaded before the worker took control
 * (the POS's lazy chunks, fonts) are named to it, so that an offline start finds them too.
 */
export function usePosInstall(): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = POS_MANIFEST;
    document.head.appendChild(link);
    const icon = document.createElement('link');
    icon.rel = 'apple-touch-icon';
    icon.href = '/pos-icon-192.png';
    document.head.appendChild(icon);
    const title = document.title;
    document.title = 'Borlette — point de vente';
    let observer: PerformanceObserver | null = null;
    let stopped = false;
    if ('serviceWorker' in navigator && window.isSecureContext) {
      navigator.serviceWorker
        .register(POS_SERVICE_WORKER, { scope: POS_SCOPE })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          const post = (urls: string[]) => {
            if (urls.length) registration.active?.postMessage({ type: 'pos-cache', urls });
          };
          post(loadedAssets(performance.getEntriesByType('resource')));
          if (!stopped && typeof PerformanceObserver !== 'undefined') {
            observer = new PerformanceObserver((list) => post(loadedAssets(list.getEntries())));
            observer.observe({ type: 'resource' });
          }
        })
        .catch(() => undefined);
    }
    return () => {
      link.remove();
      icon.remove();
      document.title = title;
      stopped = true;
      observer?.disconnect();
    };
  }, []);
}
