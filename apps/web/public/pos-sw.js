/*
 * Service worker of the point of sale (/pos). It exists so that the POS can be installed as an app;
 * it caches NOTHING: every request goes to the network (API answers, tickets and pages are always
 * fresh). Only a page navigation that fails offline gets a short French notice instead of the
 * browser's error page.
 */
const OFFLINE_PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Hors ligne</title><style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;text-align:center;padding:24px;box-sizing:border-box;color:#212B36;background:#fff}@media (prefers-color-scheme:dark){body{color:#fff;background:#161C24}}a{color:#3366FF;font-weight:700}</style></head><body><main><h1>Pas de connexion</h1><p>Le point de vente a besoin d’internet pour vendre et payer.<br>Vérifiez la connexion puis réessayez.</p><p><a href="/pos">Réessayer</a></p></main></body></html>`;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.mode !== 'navigate') return; // API calls, scripts, images: straight to the network
  event.respondWith(
    fetch(request).catch(
      () =>
        new Response(OFFLINE_PAGE, {
          status: 503,
          headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
        }),
    ),
  );
});
