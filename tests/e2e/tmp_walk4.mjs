import { open } from './tmp_walk_common.mjs';
const { browser, page, problems } = await open('?view=lab&req=11011&r3=scrambled&steps=400', { width: 1920, height: 1100 });
await page.click('[data-testid=panel-step]');
for (let i=0;i<5;i++) await page.click('[data-testid=panel-step]');
await page.waitForTimeout(500);
const html = await page.$eval('[data-testid=network-panel]', e => e.outerHTML);
console.log(html.length); const m = html.match(/<g[^>]*>|<[^>]*tabindex[^>]*>/g); console.log([...new Set((m||[]).map(s=>s.replace(/[0-9.]+/g,"N")))].slice(0,20)); console.log(html.slice(html.indexOf("</svg>")-1500, html.indexOf("</svg>")+3000));
await browser.close();
