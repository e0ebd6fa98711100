// The static site's service worker: every file of the site cached at the
// first visit, so the board works offline afterwards. Served from the
// cache, refreshed from the network when it answers. tools/site.cmake fills
// in the files and a version (a hash of their contents): a new build is a
// new cache, and the old one is dropped.
const FILES = ['./', /*FILES*/];
const CACHE = 'scarney-site-/*VERSION*/';

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET') return;
  e.respondWith(caches.open(CACHE).then(async (c) => {
    const cached = await c.match(e.request, { ignoreSearch: true });
    const fresh = fetch(e.request)
      .then((r) => { if (r.ok) c.put(e.request, r.clone()); return r; })
      .catch(() => cached);
    return cached ?? fresh;
  }));
});
