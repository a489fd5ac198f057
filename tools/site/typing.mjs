// How long a keystroke takes in the expression box at the node limit (for
// humans): node tools/site/typing.mjs URL [keys]; types `keys` (default
// "+1*x", 120 ms apart) at the end of a ~1,960-node expression and prints
// the main-thread tasks over 50 ms ('longtask' entries) while typing and
// after the last key. PROFILE=1 adds the top functions by self time.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/site.mjs';
const [url, keys = '+1*x'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await page.goto(url);
await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
const big = Array.from({ length: 489 }, (_, i) => `tanh(a*b+${i + 1})`).join('*');
await page.fill('[data-testid=expr-input]', big);
await page.waitForTimeout(3000);
console.log('nodes:', await page.$$eval('[data-testid=graph-svg] [data-node]', (n) => n.length));
const cdp = await page.context().newCDPSession(page);
if (process.env.PROFILE) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}
await page.focus('[data-testid=expr-input]');
await page.press('[data-testid=expr-input]', 'End');
// typed as a person types, 120 ms between keys: the tasks while typing,
// then the tasks after the last key (a large graph redraws on the pause)
await page.evaluate(() => {
  window.__tasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__tasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask' });
});
const t0 = await page.evaluate(() => performance.now());
await page.keyboard.type(keys, { delay: 120 });
const last = await page.evaluate(() => performance.now());
await page.waitForTimeout(2000);
const tasks = await page.evaluate(() => window.__tasks);
const during = tasks.filter(([t]) => t < last).map(([, d]) => Math.round(d));
const after = tasks.filter(([t]) => t >= last).map(([, d]) => Math.round(d));
console.log(`typing ${JSON.stringify(keys)} (${Math.round(last - t0)} ms): long tasks while typing (ms): [${during}]; after the last key: [${after}]`);
console.log('rendered nodes:', await page.$$eval('[data-testid=graph-svg] [data-node]', (n) => n.length));
if (process.env.PROFILE) {
  // the top functions by self time over the keystrokes
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}`;
    self.set(key, (self.get(key) || 0) + (profile.timeDeltas[i] || 0) / 1000);
  });
  for (const [k, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(ms.toFixed(0).padStart(7), 'ms', k);
}
await browser.close();
