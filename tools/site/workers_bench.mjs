// The page's grid time against the number of workers (issue 26; a
// benchmark, not a test): node tools/site/workers_bench.mjs [steps] [counts]
// runs the essay's grid (195 runs, `steps` each, 1,000 by default) in the
// Lab with the page told the machine has N cores (navigator.hardwareConcurrency,
// for N in `counts`, "1,2,4" by default; the page starts one worker per
// core, at most 8) and prints the page's own time for each. Run after a
// release build of dist/ (tests/e2e/site.mjs serves it).
import { startSite } from '../../tests/e2e/site.mjs';

const steps = Number(process.argv[2] || 1000);
const counts = (process.argv[3] || '1,2,4').split(',').map(Number);
const site = await startSite();
try {
  for (const n of counts) {
    const cores = `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${n} });`;
    const { page, context } = await site.open(`?view=lab&steps=${steps}`, { initScript: cores });
    await page.click('[data-testid=lab-grid]');
    await page.waitForSelector('[data-testid=lab-table]', { timeout: 900000 });
    console.log(`${n} worker${n === 1 ? '' : 's'}: ${await page.textContent('[data-testid=grid-time]')}`);
    await context.close();
  }
} finally {
  await site.stop();
}
