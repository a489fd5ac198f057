import { open } from './tmp_walk_common.mjs';
const { browser, page, problems } = await open('?view=lab&req=11011&r3=scrambled&steps=400', { width: 1920, height: 1100 });
await page.click('[data-testid=panel-step]');
for (let i=0;i<6;i++) await page.click('[data-testid=panel-step]');
await page.waitForTimeout(500);
console.log(await page.textContent('[data-testid=panel-phase]'));
const labels = await page.$$eval('.unit-target', ts => ts.map(t => ({l: t.dataset.l, j: t.dataset.j, a: t.getAttribute('aria-label')})));
for (const L of ['0','1']) {
  const us = labels.filter(u => u.l === L).map(u => {
    const m = u.a.match(/delivered ([-+][0-9.]+), true δ ([-+][0-9.]+)(?: \(unit (\d+)'s true δ\))?/);
    return { j: +u.j, del: m ? +m[1] : null, tru: m ? +m[2] : null, src: m && m[3] ? +m[3] : null, a: u.a };
  });
  console.log('layer', L, 'n', us.length, 'sample', us.slice(0,3).map(u=>u.a));
  let ok = 0, bad = [];
  for (const u of us) {
    if (u.src == null) { bad.push('nosrc ' + u.a); continue; }
    const s = us.find(v => v.j === u.src - 1);
    if (s && Math.abs(s.tru - u.del) < 1e-4) ok++; else bad.push(`${u.j+1}: del ${u.del} src ${u.src} true ${s?.tru}`);
  }
  const srcs = new Set(us.map(u=>u.src));
  console.log('ok', ok, 'bad', bad.slice(0,5), 'distinct srcs', srcs.size, 'fixed points', us.filter(u=>u.src===u.j+1).length);
}
// hover a hidden 2 unit in the delivered band
const t = page.locator('.unit-target[data-l="1"][data-j="10"]');
await t.hover();
await page.waitForTimeout(300);
console.log('detail:', await page.textContent('[data-testid=unit-detail]'));
await page.locator('[data-testid=network-panel]').screenshot({ path: '/tmp/w/walk_hover1.png' });
const t2 = page.locator('.unit-target[data-l="2"][data-j="1"]');
await t2.hover(); await page.waitForTimeout(300);
console.log('detail out:', await page.textContent('[data-testid=unit-detail]'));
// hover an input
const t3 = page.locator('.unit-target').first();
console.log('first target', await t3.getAttribute('aria-label'));
// example selection
await page.selectOption('[data-testid=panel-example]', '3');
await page.waitForTimeout(300);
await t.hover(); await page.waitForTimeout(300);
console.log('example 3 detail:', await page.textContent('[data-testid=unit-detail]'));
console.log(await page.textContent('[data-testid=panel-phase]'));
await page.locator('[data-testid=network-panel]').screenshot({ path: '/tmp/w/walk_ex3.png' });
console.log('PROBLEMS', problems);
await browser.close();
