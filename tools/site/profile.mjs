// Where the page's main thread spends its time (for humans): node
// tools/site/profile.mjs URL [seconds]; clicks run, samples the CPU with the
// DevTools protocol, prints the top functions by self time.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/site.mjs';
const [url, secs = '8'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await page.goto(url);
await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await page.evaluate(() => {
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(Math.round(e.duration)); })
    .observe({ type: 'longtask' });
});
await cdp.send('Profiler.start');
await page.click('[data-testid=lab-run]');
await page.waitForTimeout(Number(secs) * 1000);
const { profile } = await cdp.send('Profiler.stop');
const self = new Map();
const dt = profile.timeDeltas;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
profile.samples.forEach((id, i) => {
  const n = byId.get(id);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}`;
  self.set(key, (self.get(key) || 0) + (dt[i] || 0) / 1000);
});
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
for (const [k, ms] of top) console.log(ms.toFixed(0).padStart(7), 'ms', k);
console.log('long tasks:', await page.evaluate(() => window.__long));
await browser.close();
