import { useEffect } from 'react';

export const POS_MANIFEST = '/pos.webmanifest';
export const POS_SERVICE_WORKER = '/pos-sw.js';
export const POS_SCOPE = '/pos';

/**
 * Makes /pos installable as an app: links its web manifest in the document head while the POS is
 * shown, and registers the service worker scoped to /pos (network only: it caches nothing).
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
    if ('serviceWorker' in navigator && window.isSecureContext) {
      navigator.serviceWorker.register(POS_SERVICE_WORKER, { scope: POS_SCOPE }).catch(() => undefined);
    }
    return () => {
      link.remove();
      icon.remove();
      document.title = title;
    };
  }, []);
}
