// Browser benchmark (not a test): training speed in headless Chromium.
//   node tests/e2e/bench.mjs [steps]
// 1. exact backprop alone for `steps` steps (3,000 by default) through the
//    lab's run button, timed from click to done: steps per second;
// 2. the full essay sweep (12 methods × 5 rates × 3 seeds × steps), timed by
//    the page itself; prints its wall time and steps per second.
import { startSite } from './site.mjs';

const steps = Number(process.argv[2] || 3000);
const site = await startSite();
try {
  const { page, context } = await site.open(`?view=lab&steps=${steps}`);
  const t0 = Date.now();
  await page.click('[data-testid=lab-run]');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 600000 });
  const secs = (Date.now() - t0) / 1000;
  console.log(`bp alone: ${steps} steps in ${secs.toFixed(2)} s = ${(steps / secs).toFixed(0)} steps/s = ${(secs * 1e6 / steps).toFixed(0)} µs/step (includes a test-set evaluation every 50 steps and chart redraws)`);
  await page.click('[data-testid=lab-sweep]');
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 1800000 });
  console.log('full sweep:', await page.textContent('[data-testid=sweep-time]'));
  await context.close();
} finally {
  await site.stop();
}
