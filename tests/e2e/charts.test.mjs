// Every chart fits its frame, at a phone's width and a laptop's: no canvas
// wider than its frame or the screen (nothing to swipe to, nothing cut),
// and no text under 12 px as drawn on screen, in the worked example's
// graph and cost chart, the lab's charts after a run, and the studies'.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSite } from './site.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });

/** Per visible chart: what sticks out of its frame or the screen, and
 * text drawn under 12 px (canvas charts report their smallest text). */
const misfits = (page) => page.evaluate(() => {
  const bad = [];
  for (const d of document.querySelectorAll('.chart-svg')) {
    const c = d.querySelector('canvas');
    if (!c || !d.offsetParent) continue;
    const cr = c.getBoundingClientRect();
    const dr = d.getBoundingClientRect();
    const drawn = c.width / devicePixelRatio;
    const text = Number(d.dataset.minText) * (cr.width / drawn);
    if (cr.width > dr.width + 0.5 || cr.right > innerWidth + 0.5) bad.push(`${d.dataset.testid}: ${Math.round(cr.width)} px in a ${Math.round(dr.width)} px frame`);
    if (text < 11.95) bad.push(`${d.dataset.testid}: text ${text.toFixed(1)} px`);
  }
  for (const s of document.querySelectorAll('svg.graph, figure.family svg')) {
    if (!s.getClientRects().length || !s.viewBox?.baseVal?.width) continue;
    const k = s.getBoundingClientRect().width / s.viewBox.baseVal.width;
    const small = Math.min(...[...s.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * k));
    if (small < 11.95) bad.push(`${s.closest('[data-testid]')?.dataset.testid}: text ${small.toFixed(1)} px`);
  }
  return bad;
});

for (const [width, height] of [[360, 740], [1280, 800]]) {
  test(`at ${width} px every chart fits its frame with text of 12 px or more`, async () => {
    const phone = width < 500;
    const { page, problems, context } = await site.open('', { viewport: { width, height }, isMobile: phone, hasTouch: phone });
    await page.waitForSelector('[data-testid=cost-chart] svg', { state: 'attached', timeout: 30000 });
    assert.deepEqual(await misfits(page), [], 'the worked example');
    await page.goto(`${site.base}?view=lab`);
    await page.waitForSelector('[data-testid=lab-run]', { state: 'visible', timeout: 30000 });
    await page.click('[data-testid=lab-run]');
    await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 120000 });
    await page.waitForTimeout(500);
    const drawn = await page.$$eval('.chart-svg', (c) => c.filter((d) => d.offsetParent).length);
    assert.ok(drawn >= 3, `${drawn} lab charts on screen`);
    assert.deepEqual(await misfits(page), [], 'the lab');
    await page.goto(`${site.base}?view=studies`);
    await page.waitForSelector('[data-room=studies] > *', { state: 'attached', timeout: 30000 });
    await page.waitForTimeout(800);
    assert.deepEqual(await misfits(page), [], 'the studies');
    assert.deepEqual(problems, []);
    await context.close();
  });
}
