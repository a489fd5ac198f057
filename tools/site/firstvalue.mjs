// First value on a slow machine (issue 26; a benchmark, not a test):
//   node tools/site/firstvalue.mjs [dist] [runs]
// serves the built site (`dist/`, gzip as GitHub Pages does) under
// /creditflow/, then, `runs` times (5 by default) in a fresh browser
// context (cold cache, no service worker), with the CPU throttled 4× and
// DevTools' "Fast 3G" network (562.5 ms latency, 1.44 Mbit/s down,
// 675 kbit/s up), opens the worked example and times navigation to
// "f = 16" on screen: first painted (the opening worksheet index.html
// shows on a first visit, tools/site/opening.mjs), and then drawn by the
// app, with what index.html painted gone (the app draws itself under it,
// ui::shell::drawn), which is when the page answers a click. Prints each run, the
// medians, and the bytes fetched (as sent, gzipped) before the app's.
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, extname } from 'node:path';
import { CHROMIUM_ARGS } from '../../tests/e2e/site.mjs';

const [dist = 'dist', runs = '5'] = process.argv.slice(2);
const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.md': 'text/markdown', '.gz': 'application/gzip',
};
const zipped = new Map();
const server = createServer((req, res) => {
  let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (!path.startsWith('/creditflow/')) { res.writeHead(404); return res.end(); }
  path = join(dist, path.slice('/creditflow/'.length) || 'index.html');
  if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
  if (!existsSync(path)) { res.writeHead(404); return res.end(); }
  const type = TYPES[extname(path)] || 'application/octet-stream';
  let body = readFileSync(path);
  const headers = { 'Content-Type': type, 'Cache-Control': 'no-store' };
  if (type !== 'application/gzip' && /gzip/.test(req.headers['accept-encoding'] || '')) {
    if (!zipped.has(path)) zipped.set(path, gzipSync(body, { level: 9 }));
    body = zipped.get(path);
    headers['Content-Encoding'] = 'gzip';
  }
  res.writeHead(200, headers);
  res.end(body);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/creditflow/?view=graph`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const times = [];
const paints = [];
for (let i = 0; i < Number(runs); i++) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 / 8) * 0.9, uploadThroughput: (750 * 1024 / 8) * 0.9,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let bytes = 0;
  const files = [];
  cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
  cdp.on('Network.responseReceived', (e) => files.push(e.response.url.split('/').pop().split('?')[0] || 'index.html'));
  await page.goto(url, { waitUntil: 'commit' });
  // (performance.now() counts from the navigation's start; the first
  // paint of "f = 16", whoever drew it, is the first animation frame in
  // which it is there)
  await page.evaluate(() => {
    const look = () => {
      const shown = [...document.querySelectorAll('.value-f')].some((p) => /^f = 16/.test(p.textContent) && p.getClientRects().length);
      if (shown && !window.creditflowPainted) window.creditflowPainted = performance.now();
      if (!window.creditflowPainted) requestAnimationFrame(look);
    };
    look();
  }).catch(() => {});
  const seen = await page.waitForFunction(() => document.querySelector('[data-testid=value-f]')?.textContent === 'f = 16' && !document.getElementById('boot') && performance.now(), null, { timeout: 120000, polling: 50 });
  const ms = await seen.jsonValue();
  const painted = await page.evaluate(() => window.creditflowPainted || performance.now());
  times.push(ms);
  paints.push(painted);
  console.log(`run ${i + 1}: f = 16 painted at ${(painted / 1000).toFixed(2)} s, drawn by the app at ${(ms / 1000).toFixed(2)} s, ${(bytes / 1024).toFixed(0)} KiB fetched (${files.join(', ')})`);
  await context.close();
}
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] / 1000;
console.log(`median of ${times.length} (4× CPU, Fast 3G, cold cache): f = 16 painted at ${median(paints).toFixed(2)} s, drawn by the app (interactive) at ${median(times).toFixed(2)} s`);
await browser.close();
server.close();
