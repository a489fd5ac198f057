// Browser benchmark (not a test): training speed and responsiveness in
// headless Chromium.   node tools/site/bench.mjs [steps] [f64|f32]
// 1. exact backprop alone for `steps` steps (3,000 by default) through the
//    lab's run button, timed from click to done;
// 2. all twelve methods live side by side for 600 steps: the longest
//    main-thread task (PerformanceObserver 'longtask', > 50 ms), how often
//    the learning-curve chart was redrawn and how long each redraw took
//    (plotters on the canvas, as the chart times itself), and every lab
//    chart's last redraw;
// 3. the full essay grid (12 methods × 5 rates × 3 seeds × steps) in the
//    page's Web Workers, timed by the page itself.
import { startSite } from '../../tests/e2e/site.mjs';

const steps = Number(process.argv[2] || 3000);
const prec = process.argv[3] || 'f64';
console.log(`arithmetic: ${prec}`);
const site = await startSite();
const watch = () => {
  window.__long = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push(e.duration)))
    .observe({ type: 'longtask', buffered: false });
  // each redraw of a chart's canvas counts up its data-draws and sets
  // data-draw-ms to its time
  window.__ms = [];
  const chart = document.querySelector('[data-testid=curve-chart]');
  new MutationObserver(() => window.__ms.push(Number(chart.dataset.drawMs)))
    .observe(chart, { attributes: true, attributeFilter: ['data-draws'] });
};
const done = () => /done/.test(document.querySelector('[data-testid=lab-status]').textContent);
try {
  let { page, context } = await site.open(`?view=lab&steps=${steps}&prec=${prec}`);
  let t0 = Date.now();
  await page.click('[data-testid=lab-run]');
  await page.waitForFunction(done, null, { timeout: 600000 });
  let secs = (Date.now() - t0) / 1000;
  console.log(`bp alone: ${steps} steps in ${secs.toFixed(2)} s = ${(steps / secs).toFixed(0)} steps/s (with a test-set evaluation every 50 steps and chart redraws)`);
  await context.close();

  const all = 'dfa,no_deriv,scrambled,node_perturbation,weight_perturbation,sign_dropped,stale,shuffled_labels,random_direction,readout_only,fa';
  for (const scale of [1, 2]) {
    // a laptop's 1280 px window, at device pixel ratio 1 and 2
    ({ page, context } = await site.open(`?view=lab&steps=600&lr=0.01&prec=${prec}&methods=${all}`,
      { viewport: { width: 1280, height: 800 }, deviceScaleFactor: scale }));
    await page.evaluate(watch);
    t0 = Date.now();
    await page.click('[data-testid=lab-run]');
    await page.waitForFunction(done, null, { timeout: 600000 });
    secs = (Date.now() - t0) / 1000;
    const { long, ms } = await page.evaluate(() => ({ long: window.__long, ms: window.__ms }));
    const sorted = [...ms].sort((a, b) => a - b);
    const median = sorted.length ? sorted[sorted.length >> 1].toFixed(2) : '—';
    const worst = sorted.length ? sorted[sorted.length - 1].toFixed(2) : '—';
    console.log(`[1280 px, ratio ${scale}] 12 methods live, 600 steps each: ${secs.toFixed(1)} s; ${ms.length} curve redraws (${(ms.length / secs).toFixed(1)} per second), median ${median} ms, longest ${worst} ms; main-thread tasks over 50 ms: ${long.length}, longest ${long.length ? Math.max(...long).toFixed(0) : '—'} ms`);
    // every chart of every view redrawn warm: the theme switched twice
    const redraws = [];
    for (const v of ['lab', 'studies', 'agents']) {
      await page.click(`[data-testid=nav-${v}]`);
      for (const t of ['dark', 'light']) {
        await page.selectOption('[data-testid=theme]', t);
        await page.waitForTimeout(200);
      }
      redraws.push(...await page.evaluate(() => [...document.querySelectorAll('[data-draw-ms]')]
        .filter((d) => d.offsetParent).map((d) => [d.dataset.testid, Number(d.dataset.drawMs)])));
    }
    const slowest = Math.max(...redraws.map((r) => r[1]));
    console.log(`[1280 px, ratio ${scale}] each chart redrawn (ms): ${redraws.map(([id, t]) => `${id} ${t.toFixed(1)}`).join('; ')}; slowest ${slowest.toFixed(1)} ms`);
    await context.close();
  }

  ({ page, context } = await site.open(`?view=lab&steps=${steps}&prec=${prec}`));
  t0 = Date.now();
  await page.waitForSelector('[data-testid=lab-grid]');
  await page.evaluate(watch);
  await page.click('[data-testid=lab-grid]');
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 1800000 });
  const gridLong = await page.evaluate(() => window.__long);
  console.log('full grid:', await page.textContent('[data-testid=grid-time]'),
    `main-thread tasks over 50 ms meanwhile: ${gridLong.length}`);
  await context.close();
} finally {
  await site.stop();
}
