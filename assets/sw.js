// Credit Flow's service worker: keeps one build's files so that the page
// loads without a network after its first visit. Network first (so a new
// build is always used when online), the cache when the network fails or
// is slow. Paths are relative to this file, so it works under any
// sub-path. The build id below is written by tools/site/csp.mjs, so each
// build has its own cache, and only this app's older builds are evicted.
const BUILD = '__CREDITFLOW_BUILD__';
const PREFIX = 'creditflow-';
const CACHE = PREFIX + BUILD;
const TIMEOUT_MS = 8000;

async function precache() {
  const cache = await caches.open(CACHE);
  const index = await fetch('./', { cache: 'reload' });
  if (!index.ok) throw new Error(`the page answered ${index.status}`);
  const html = await index.clone().text();
  await cache.put('./', index);
  // every file the page names, and the rooms' and the workers' files,
  // which it loads by script
  const named = [...html.matchAll(/(?:href|src)="([^"#]+)"/g)].map((m) => m[1])
    .filter((f) => !/^[a-z]+:/i.test(f) || f.startsWith(self.location.origin));
  const files = new Set([...named, './rooms.js', './rooms_bg.wasm', './worker_loader.js', './worker.js', './worker_bg.wasm',
    './worker_fma_loader.js', './worker_fma.js', './worker_fma_bg.wasm',
    // the essay's table, precomputed, the guide and the digits (the page fetches them)
    './essay-grid.json', './guide.md', './agents-protocol.md', './agents-trace.md', './agents-trace.schema.json',
    './agents-trace-textgrad.py', './traces/simulated-arms.jsonl', './traces/simulated-depths.jsonl', './digits.csv.gz', './tasks.json']);
  // all of them or none: a build is offline-ready only when whole (a
  // failure fails the install, and the page never says "offline-ready")
  await Promise.all([...files].map((f) => cache.add(new Request(f, { cache: 'no-cache' }))));
}

self.addEventListener('install', (e) => e.waitUntil(precache().then(() => self.skipWaiting())));

self.addEventListener('activate', (e) => e.waitUntil((async () => {
  // this app's older builds only: other caches on the origin are not ours
  for (const k of await caches.keys()) if (k.startsWith(PREFIX) && k !== CACHE) await caches.delete(k);
  await self.clients.claim();
})()));

function withTimeout(req) {
  const ctl = new AbortController();
  const t = setTimeout(() => ctl.abort(), TIMEOUT_MS);
  return fetch(req, { signal: ctl.signal }).finally(() => clearTimeout(t));
}

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = req.mode === 'navigate' ? './' : req;
    let res;
    try {
      res = await withTimeout(req);
    } catch (err) {
      const hit = await cache.match(key, { ignoreSearch: req.mode === 'navigate' });
      if (hit) return hit;
      throw err;
    }
    // keep a whole, same-origin answer; a failure to keep it (quota, a
    // partial answer) must not cost the user the answer itself
    if (res.ok && res.status === 200 && res.type === 'basic') {
      try { await cache.put(key, res.clone()); } catch { /* served, not kept */ }
    }
    return res;
  })());
});
