// Screenshot helper for humans: node tools/site/shot.mjs URL OUT.png [width] [height]
// STEPS="click:testid,fill:testid:value,hover:css,key:ArrowRight,wait:ms"; ELEMENT=testid
// shoots that element only; AT=testid the viewport scrolled to it;
// VIEWPORT=1 the viewport alone (not the whole page).
import { chromium } from 'playwright-core';
const [url, out, w = '1500', h = '1000'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
// MOBILE=1: a phone (touch, mobile viewport); DARK=1: prefers-color-scheme dark
const page = await browser.newPage({
  viewport: { width: +w, height: +h },
  isMobile: !!process.env.MOBILE,
  hasTouch: !!process.env.MOBILE,
  colorScheme: process.env.DARK ? 'dark' : 'light',
});
page.on('console', (m) => console.log(`[console.${m.type()}]`, m.text()));
page.on('pageerror', (e) => console.log('[pageerror]', e.message));
await page.goto(url);
await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
for (const step of (process.env.STEPS || '').split(',').filter(Boolean)) {
  const [kind, sel, val] = step.split(':');
  if (kind === 'click') await page.click(`[data-testid=${sel}]`);
  if (kind === 'fill') await page.fill(`[data-testid=${sel}]`, val);
  if (kind === 'hover') await page.hover(sel);
  if (kind === 'key') await page.keyboard.press(sel);
  if (kind === 'wait') await page.waitForTimeout(Number(sel));
}
if (process.env.AT) {
  // AT=testid: the viewport with that element at its top
  await page.locator(`[data-testid=${process.env.AT}]`).first().evaluate((e) => e.scrollIntoView());
  await page.screenshot({ path: out });
} else if (process.env.ELEMENT) {
  await page.locator(`[data-testid=${process.env.ELEMENT}]`).first().screenshot({ path: out });
} else {
  await page.screenshot({ path: out, fullPage: !process.env.VIEWPORT });
}
await browser.close();
