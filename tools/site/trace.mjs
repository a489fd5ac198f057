// What the page's main thread does while 12 methods train (for humans):
// node tools/site/trace.mjs URL [seconds]; totals of the timeline's events.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/site.mjs';
const [url, secs = '6'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await page.goto(url);
await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
const cdp = await page.context().newCDPSession(page);
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
await page.click('[data-testid=lab-run]');
await page.waitForTimeout(Number(secs) * 1000);
await cdp.send('Tracing.end');
await done;
const names = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
const mainTid = names.length ? names[0].tid : null;
const main = events.filter((e) => e.name === 'RunTask' && e.dur > 50000 && e.tid === mainTid);
const tot = new Map();
for (const e of events) {
  if (e.ph !== 'X' || !e.dur || e.tid !== mainTid) continue;
  tot.set(e.name, (tot.get(e.name) || 0) + e.dur / 1000);
}
for (const [k, v] of [...tot.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(v.toFixed(0).padStart(7), 'ms', k);
console.log('tasks over 50 ms:', main.map((e) => Math.round(e.dur / 1000)).join(' '));
// inside the long tasks: what took the time
const inside = new Map();
for (const t of main) {
  for (const e of events) {
    if (e.tid !== mainTid || e.ph !== 'X' || e === t || e.ts < t.ts || e.ts + e.dur > t.ts + t.dur) continue;
    const k = e.name + (e.args?.data?.functionName ? ' ' + e.args.data.functionName : '');
    inside.set(k, (inside.get(k) || 0) + e.dur / 1000);
  }
}
console.log('inside long tasks:');
for (const [k, v] of [...inside.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v.toFixed(0).padStart(7), 'ms', k);
await browser.close();
