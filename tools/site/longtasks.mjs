// The main thread's long tasks (over 50 ms) while each view loads and a
// run trains (issue 26; a benchmark, not a test: a duration depends on
// the machine):
//   node tools/site/longtasks.mjs [runs] [dir] [cpu slowdown]
// after a release build of dist/ (or another build's folder). Each run opens the worked example in a
// fresh context (cold cache), opens the lab, the studies and the Agents
// view in turn (the first opening fetches the rooms' wasm), then trains
// the lab's default run; prints the long tasks seen in each phase as
// [start ms, duration ms].
import { startSite } from '../../tests/e2e/site.mjs';

const runs = Number(process.argv[2] || 3);
const site = await startSite(process.argv[3] || 'dist');
for (let r = 0; r < runs; r++) {
  const { page, context } = await site.open('', {
    cpu: Number(process.argv[4] || 1),
    initScript: () => {
      window.creditflowLong = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) window.creditflowLong.push([Math.round(e.startTime), Math.round(e.duration)]);
      }).observe({ type: 'longtask', buffered: true });
    },
  });
  await page.waitForTimeout(500);
  const phase = async (what) => {
    const seen = await page.evaluate(() => window.creditflowLong.splice(0));
    console.log(`run ${r + 1}, ${what}: ${seen.length ? JSON.stringify(seen) : 'none'}`);
  };
  await phase('the worked example loads');
  for (const [nav, shows, what] of [['nav-lab', 'lab-run', 'the lab opens'], ['nav-studies', 'depth-run', 'the studies open'],
    ['nav-agents', 'agents-run', 'the Agents view opens'], ['nav-graph', 'value-f', 'back to the worked example']]) {
    await page.click(`[data-testid=${nav}]`);
    await page.waitForSelector(`[data-testid=${shows}]`, { state: 'visible', timeout: 30000 });
    await page.waitForTimeout(500);
    await phase(what);
  }
  await page.click('[data-testid=nav-lab]');
  await page.click('[data-testid=lab-run]');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 120000 });
  await phase('the lab trains its default run');
  await context.close();
}
await site.stop();
