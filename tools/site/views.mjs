// Screenshot helper for humans: every view at one size and theme, with the
// console's errors listed. node tools/site/views.mjs BASE OUTDIR W H [dark] [mobile]
import { chromium } from 'playwright-core';
const [base, dir, w, h, dark, mobile] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: +w, height: +h }, isMobile: mobile === '1', hasTouch: mobile === '1', colorScheme: dark === '1' ? 'dark' : 'light' });
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(e.message));
for (const [name, q] of [['graph', '?step=3'], ['lab', '?view=lab&req=11101&steps=200'], ['studies', '?view=studies'], ['agents', '?view=agents']]) {
  await page.goto(base + q);
  await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
  if (name === 'lab') { await page.click('[data-testid=lab-run]'); await page.waitForTimeout(2500); await page.click('[data-testid=lab-precomputed]'); await page.waitForTimeout(800); }
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
console.log(errors.length ? errors.join('\n') : 'no console errors');
await browser.close();
