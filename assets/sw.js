// Credit Flow's service worker: keeps the built files so that the page
// loads without a network after its first visit. Network first (so a new
// build is always used when online), the cache when the network fails.
// Paths are relative to this file, so it works under any sub-path.
const CACHE = 'creditflow-v1';

async function precache() {
  const cache = await caches.open(CACHE);
  const index = await fetch('./', { cache: 'reload' });
  const html = await index.clone().text();
  await cache.put('./', index);
  // every file the page names, and the workers' files, which it loads by script
  const named = [...html.matchAll(/(?:href|src)="([^"#]+)"/g)].map((m) => m[1]);
  const files = new Set([...named, './worker_loader.js', './worker.js', './worker_bg.wasm',
    './worker_fma_loader.js', './worker_fma.js', './worker_fma_bg.wasm',
    // the essay's table, precomputed, the guide and the digits (the page fetches them)
    './essay-grid.json', './guide.md', './agents-protocol.md', './agents-trace.md', './agents-trace.schema.json',
    './agents-trace-textgrad.py', './traces/simulated-arms.jsonl', './traces/simulated-depths.jsonl', './digits.csv.gz', './tasks.json']);
  await Promise.all([...files].map((f) => cache.add(f).catch(() => {})));
}

self.addEventListener('install', (e) => e.waitUntil(precache().then(() => self.skipWaiting())));

self.addEventListener('activate', (e) => e.waitUntil((async () => {
  for (const k of await caches.keys()) if (k !== CACHE) await caches.delete(k);
  await self.clients.claim();
})()));

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const res = await fetch(req);
      if (res.ok) await cache.put(req.mode === 'navigate' ? './' : req, res.clone());
      return res;
    } catch (err) {
      const hit = await cache.match(req.mode === 'navigate' ? './' : req, { ignoreSearch: req.mode === 'navigate' });
      if (hit) return hit;
      throw err;
    }
  })());
});
