import { open } from './tmp_walk_common.mjs';
const { browser, page, problems } = await open('?view=lab&req=11011&r3=scrambled&steps=400', { width: 1920, height: 1100 });
for (let i=0;i<7;i++) await page.click('[data-testid=panel-step]');
await page.locator('.unit-target[data-l="1"][data-j="10"]').hover(); await page.waitForTimeout(300);
console.log(await page.$eval('.network-overlay', e => e.outerHTML));
console.log(await page.$eval('.network-overlay path, .network-overlay *', e => { const s = getComputedStyle(e); return `fill=${s.fill} stroke=${s.stroke} sw=${s.strokeWidth}`; }).catch(e=>'none'));
// focus via keyboard
await page.mouse.move(5,5);
await page.locator('.unit-target[data-l="0"][data-j="5"]').focus(); await page.waitForTimeout(300);
console.log('focus detail', await page.textContent('[data-testid=unit-detail]'));
await page.locator('[data-testid=network-panel]').screenshot({ path: '/tmp/w/walk_focus.png' });
// look at the CSS rules mentioning overlay
const rules = await page.evaluate(() => { const out=[]; for (const ss of document.styleSheets) { try { for (const r of ss.cssRules) if (/overlay|unit-target|network/.test(r.cssText)) out.push(r.cssText); } catch(e){} } return out; });
console.log(rules.join('\n'));
await browser.close();
