/*
 * Miaobi service worker (issue 8): caches the app shell (offline page, icons,
 * manifest) at install, Astro's hashed assets as they are used (immutable, so
 * cache-first), other static files stale-while-revalidate, and answers a failed
 * page navigation with the offline page. API calls and the push socket always
 * go to the network; pages are never served from cache, so nobody sees stale data.
 */
const VERSION = 'miaobi-v1';
const SHELL = ['/offline', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
const STATIC = /^\/(icons|images)\/|^\/favicon\.svg$|^\/manifest\.webmanifest$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(VERSION)).put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(request) {
  const cache = await caches.open(VERSION);
  const cached = await cache.match(request);
  const fresh = fetch(request)
    .then((response) => {
      if (response.ok) cache.put(request, response.clone());
      return response;
    })
    .catch(() => cached);
  return cached ?? fresh;
}

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match('/offline')) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/websocket/')) return;
  if (request.mode === 'navigate') event.respondWith(pageOrOffline(request));
  else if (url.pathname.startsWith('/_astro/')) event.respondWith(cacheFirst(request));
  else if (STATIC.test(url.pathname)) event.respondWith(staleWhileRevalidate(request));
});
