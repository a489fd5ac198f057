import { startSite } from '/work/main/tests/e2e/site.mjs';
const site = await startSite();
const S = '/tmp/shots/';
const done = (t) => /runs in [0-9.]+ s/.test(document.querySelector(`[data-testid=${t}-status]`)?.textContent || '');
for (const [name, opts, q] of [
  ['m360', { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true }, ''],
  ['dark', { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' }, ''],
  ['proj', { viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 }, '&proj=1'],
]) {
  const { page, problems } = await site.open('?view=studies&depths=1,3&dsteps=60' + q, opts);
  await page.click('[data-testid=depth-run]');
  await page.waitForFunction(done, 'depth', { timeout: 180000 });
  await page.waitForTimeout(500);
  for (const id of ['depth-run', 'depth-chart', 'depth-angle-chart', 'depth-findings']) {
    await page.locator(`[data-testid=${id}]`).first().evaluate((e) => e.scrollIntoView());
    await page.screenshot({ path: `${S}${name}-${id}.png` });
  }
  console.log(name, problems);
}
await site.stop();
