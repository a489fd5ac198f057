import { open } from './tmp_walk_common.mjs';
const { browser, page, problems } = await open('?view=lab&steps=400');
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/w/walk_lab0.png', fullPage: true });
console.log(await page.evaluate(() => document.querySelector('main')?.innerText || document.body.innerText));
console.log('PROBLEMS', problems);
await browser.close();
