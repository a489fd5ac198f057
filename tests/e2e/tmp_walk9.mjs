import { open, waitDone } from './tmp_walk_common.mjs';
const { browser, page, problems } = await open('?view=lab&steps=400&methods=fa,scrambled,no_deriv,node_perturbation', { width: 1920, height: 1100 });
await page.fill('[data-testid=lab-gain]', '1.7'); await page.press('[data-testid=lab-gain]', 'Tab');
console.log('url', page.url());
await page.click('[data-testid=lab-run]'); await waitDone(page);
console.log('status', await page.textContent('[data-testid=lab-status]'));
console.log(await page.$eval('[data-testid=live-table]', e => e.innerText));
console.log('ratio title', await page.$eval('[data-testid=ratio-chart] text', t => t.textContent));
await page.locator('[data-testid=curve-chart]').screenshot({ path: '/tmp/w/walk_g17_curve.png' });
await page.locator('[data-testid=ratio-chart]').screenshot({ path: '/tmp/w/walk_g17_ratio.png' });
const near = async (sel) => page.$eval(sel, e => { let p = e.closest('label,div,p')?.parentElement; return p ? p.innerText.slice(0,400) : ''; });
for (const [id, vals] of [['lab-lr', ['abc','-1','0','1e9','0.5']], ['lab-seed', ['-3','1.5','abc','99999999999']], ['lab-steps', ['0','abc','-5','1000000']], ['lab-gain', ['-1','0','abc','1000']]]) {
  for (const v of vals) {
    await page.fill(`[data-testid=${id}]`, v); await page.press(`[data-testid=${id}]`, 'Tab');
    await page.waitForTimeout(200);
    const val = await page.inputValue(`[data-testid=${id}]`);
    const inv = await page.$eval(`[data-testid=${id}]`, e => `${e.type} invalid=${e.getAttribute('aria-invalid')} valid=${e.validity.valid} min=${e.min} max=${e.max} step=${e.step}`);
    const notes = await page.$$eval('[role=alert], .error, .notice, .warn, [data-testid$=error], [data-testid$=notice]', es => es.map(e => e.getAttribute('data-testid')+':'+e.textContent.trim()).filter(Boolean));
    console.log(`${id}="${v}" -> field "${val}" ${inv} url=${page.url().split('?')[1]} notes=${JSON.stringify(notes)} status=${await page.textContent('[data-testid=lab-status]')}`);
  }
  // restore sane
  const sane = { 'lab-lr': 'best', 'lab-seed': '0', 'lab-steps': '400', 'lab-gain': '1' }[id];
  await page.fill(`[data-testid=${id}]`, sane); await page.press(`[data-testid=${id}]`, 'Tab');
}
console.log('PROBLEMS', problems);
await browser.close();
