import { open } from './tmp_walk_common.mjs';
const { browser, page, problems } = await open('?view=lab&steps=400', { width: 1920, height: 1100 });
await page.click('[data-testid=req-R3]');
console.log('selected after untick R3:', await page.textContent('[data-testid=lab-selected]'));
console.log('r3 options', await page.$$eval('[data-testid=lab-r3] option', os => os.map(o => o.value + '=' + o.textContent)));
await page.selectOption('[data-testid=lab-r3]', 'scrambled');
console.log('selected now:', await page.textContent('[data-testid=lab-selected]'));
console.log('url', page.url());
console.log('panel-method options', await page.$$eval('[data-testid=panel-method] option', os => os.map(o => o.value + '=' + o.textContent + (o.selected?'*':''))));
const panel = page.locator('[data-testid=network-panel]');
await panel.screenshot({ path: '/tmp/w/walk_s0.png' });
await page.click('[data-testid=panel-step]');
await page.waitForTimeout(800);
console.log('status', await page.textContent('[data-testid=lab-status]'));
console.log('panel-method options', await page.$$eval('[data-testid=panel-method] option', os => os.map(o => o.value + '=' + o.textContent + (o.selected?'*':''))));
for (let i = 1; i <= 14; i++) {
  await panel.screenshot({ path: `/tmp/w/walk_s${i}.png` });
  const ph = await page.$eval('[data-testid=panel-phase]', e => e.innerText).catch(() => 'no phase');
  console.log('--- shot', i, 'PHASE:', ph.replace(/\n/g,' | '));
  await page.click('[data-testid=panel-step]');
  await page.waitForTimeout(400);
}
console.log('status', await page.textContent('[data-testid=lab-status]'));
console.log('PROBLEMS', problems);
await browser.close();
