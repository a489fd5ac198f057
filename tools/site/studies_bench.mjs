// Browser benchmark (not a test): the Studies view's depth or width study
// at its defaults in the page's Web Workers, timed by the page itself,
// and when its first depth (width) is drawn, with the page's main-thread
// work in that time (which, on two cores, two workers share the CPU with).
//   node tools/site/studies_bench.mjs [depth|width] [f64|f32]
// (after a release build of dist/; it serves dist/ itself)
import { startSite } from '../../tests/e2e/site.mjs';

const which = process.argv[2] === 'width' ? 'width' : 'depth';
const prec = process.argv[3] || 'f64';
const site = await startSite();
const { page, problems } = await site.open(`?view=studies&prec=${prec}`);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
const b0 = await busy();
const t0 = Date.now();
await page.click(`[data-testid=${which}-run]`);
const attr = which === 'depth' ? 'data-depths' : 'data-widths';
await page.waitForFunction(([id, a]) => document.querySelector(`[data-testid=${id}-chart]`).getAttribute(a) !== '0',
  [which, attr], { timeout: 0, polling: 200 });
console.log(`first ${which} drawn after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
await page.waitForFunction((id) => /runs in/.test(document.querySelector(`[data-testid=${id}-status]`).textContent),
  which, { timeout: 0, polling: 1000 });
const wall = (Date.now() - t0) / 1000;
console.log(await page.textContent(`[data-testid=${which}-status]`));
console.log(`main thread busy ${(await busy() - b0).toFixed(1)} s of ${wall.toFixed(1)} s`);
console.log(await page.textContent(`[data-testid=${which}-findings]`));
if (problems.length) console.log('problems:', problems);
await site.stop();
