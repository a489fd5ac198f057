// Screenshot helper for humans: the tour at a stop, as a student sees it.
// node tools/site/tourshot.mjs STOP OUT.png WIDTH HEIGHT (a phone below 700 px);
// serves nothing itself: point it at a served dist/ on 127.0.0.1:8765.
import { chromium } from 'playwright-core';
const [stop, out, w, h] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const mobile = +w < 700;
const page = await browser.newPage({ viewport: { width: +w, height: +h }, isMobile: mobile, hasTouch: mobile });
await page.goto('http://127.0.0.1:8765/creditflow/');
await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
await page.click('[data-testid=tour-offer-start]');
for (let i = 1; i < +stop; i++) { await page.click('[data-testid=tour-next]'); }
await page.waitForTimeout(600);
await page.screenshot({ path: out });
await browser.close();
