import { open } from './tmp_walk_common.mjs';
for (const w of [1400, 1920, 1024, 800, 420]) {
  const { browser, page, problems } = await open('?view=lab&steps=400', { width: w, height: 1000 });
  await page.waitForTimeout(1000);
  const info = await page.evaluate(() => ['curve-chart','angle-chart','ratio-chart','scaling-chart','network-panel'].map(id => {
    const e = document.querySelector(`[data-testid=${id}]`); if (!e) return id + ' missing';
    const r = e.getBoundingClientRect(); const p = e.parentElement.getBoundingClientRect();
    const svg = e.querySelector('svg'); const s = svg ? svg.getBoundingClientRect() : null;
    return `${id} ${e.tagName} w=${r.width|0} x=${r.x|0} parent w=${p.width|0} svg=${s? (s.width|0)+'x'+(s.height|0)+' attr '+svg.getAttribute('width')+' vb '+svg.getAttribute('viewBox'):'none'} overflow=${getComputedStyle(e).overflow} scrollW=${e.scrollWidth}`;
  }));
  console.log(w, info.join('\n   '), 'docScrollW', await page.evaluate(()=>document.documentElement.scrollWidth));
  await page.screenshot({ path: `/tmp/w/walk_w${w}.png`, fullPage: true });
  await browser.close();
}
