import { chromium } from 'playwright-core';
export const ARGS = ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'];
export const BASE = 'http://127.0.0.1:8777/creditflow/';
export async function open(path, vp = { width: 1400, height: 1000 }) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  const context = await browser.newContext({ viewport: vp, acceptDownloads: true });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type()==='warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(BASE + path);
  await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
  return { browser, page, problems };
}
export const waitDone = (page, t=120000) => page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]')?.textContent||''), null, { timeout: t });
