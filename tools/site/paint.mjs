// First paint, measured: node tools/site/paint.mjs [URL]
// Loads the page in headless Chromium several times with a cold cache, at
// CPU slowdowns of 1× (this machine), 2× (a mid-range laptop) and 4×, and
// prints the first contentful paint and the time until the worked
// example's graph is drawn (median of 5). A benchmark, not a test.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startSite } from '../../tests/e2e/site.mjs';

const given = process.argv[2];
const site = given ? null : await startSite();
const url = given || site.base;
const browser = site ? site.browser : await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const rate of [1, 2, 4]) {
  const fcp = [], drawn = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(url);
    await page.waitForSelector('[data-testid=graph-svg] [role=listitem]');
    const t = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      drawn: performance.now(),
    }));
    fcp.push(t.fcp);
    drawn.push(t.drawn);
    await context.close();
  }
  console.log(`CPU ${rate}× slower: first contentful paint ${median(fcp).toFixed(0)} ms, graph drawn by ${median(drawn).toFixed(0)} ms (median of 5)`);
}
if (site) await site.stop(); else await browser.close();
