/*
 * Service worker of the point of sale (/pos): the installed POS opens without a network.
 * - The shell: the /pos page (network first, the cached copy when offline) and the built files it
 *   needs. Vite's files under /assets/ are hashed (a new build = new names), so they are served cache
 *   first; the ones of index.html are fetched at install, the POS's lazy chunks as the page loads them
 *   (the page also posts the ones it loaded before this worker took control).
 * - NEVER an /api answer: tickets, limits, draws and sessions always come from the server (no selling
 *   offline: the limits are checked online).
 * - A new version (CACHE below) deletes the older caches on activate.
 */
const CACHE = 'pos-shell-v2';
const SHELL = '/pos';
const STATIC = ['/pos.webmanifest', '/pos-icon.svg', '/pos-icon-192.png', '/pos-icon-512.png', '/favicon.svg'];

const OFFLINE_PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Hors ligne</title><style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;text-align:center;padding:24px;box-sizing:border-box;color:#212B36;background:#fff}@media (prefers-color-scheme:dark){body{color:#fff;background:#161C24}}a{color:#3366FF;font-weight:700}</style></head><body><main><h1>Pas de connexion</h1><p>Le point de vente a besoin d’internet pour vendre et payer.<br>Vérifiez la connexion puis réessayez.</p><p><a href="/pos">Réessayer</a></p></main></body></html>`;

/** The /assets/ files a page names (scripts, modulepreloads, styles). */
function assetsOf(html) {
  const out = new Set();
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) out.add(m[1]);
  return [...out];
}

function isAsset(url) {
  return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
}

async function precache() {
  const cache = await caches.open(CACHE);
  const page = await fetch(SHELL, { cache: 'no-store' });
  if (!page.ok) throw new Error(`${SHELL}: ${page.status}`);
  const html = await page.clone().text();
  await cache.put(SHELL, page);
  await cache.addAll(assetsOf(html));
  // The icons and the manifest are a nicety: one missing must not stop the install.
  await Promise.all(STATIC.map((u) => cache.add(u).catch(() => undefined)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('pos-') && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

// The page names the files it loaded before this worker controlled it (lazy chunks, fonts).
self.addEventListener('message', (event) => {
  const urls = event.data && event.data.type === 'pos-cache' && Array.isArray(event.data.urls) ? event.data.urls : [];
  const assets = urls.map((u) => new URL(u, self.location.origin)).filter(isAsset);
  if (assets.length === 0) return;
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      for (const url of assets) {
        if (!(await cache.match(url.pathname))) await cache.add(url.pathname).catch(() => undefined);
      }
    }),
  );
});

async function assetFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * Keeps the freshest /pos page as the shell. A new build (other asset names) also drops the old
 * build's files from the cache and fetches the new page's own: the cache does not grow build after build.
 */
async function refreshShell(response) {
  const cache = await caches.open(CACHE);
  const html = await response.text();
  const old = await cache.match(SHELL);
  const before = old ? assetsOf(await old.text()) : [];
  await cache.put(SHELL, new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
  const now = assetsOf(html);
  if (before.join() === now.join()) return;
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/assets/') && !now.includes(path)) await cache.delete(request);
  }
  await cache.addAll(now).catch(() => undefined);
}

async function shellNetworkFirst(event) {
  try {
    const response = await fetch(event.request);
    // Every /pos URL is the same index.html.
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
      event.waitUntil(refreshShell(response.clone()));
    }
    return response;
  } catch {
    const shell = await caches.match(SHELL);
    return (
      shell ||
      new Response(OFFLINE_PAGE, {
        status: 503,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      })
    );
  }
}

async function staticNetworkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const hit = await caches.match(request, { ignoreSearch: true });
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API is never cached nor answered from a cache: straight to the network.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(shellNetworkFirst(event));
    return;
  }
  if (isAsset(url)) {
    event.respondWith(assetFirst(request));
    return;
  }
  if (STATIC.includes(url.pathname)) event.respondWith(staticNetworkFirst(request));
});
