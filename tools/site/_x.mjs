import { startSite } from '/work/main/tests/e2e/site.mjs';
const site = await startSite();
const S = '/tmp/shots/';
const all = [];
const done = (t) => /runs in [0-9.]+ s/.test(document.querySelector(`[data-testid=${t}-status]`)?.textContent || '');
// a reduced depth study, run then reloaded
{
  const { page, problems } = await site.open('?view=studies&depths=1,3&dsteps=60', { viewport: { width: 1280, height: 900 } });
  await page.click('[data-testid=depth-run]');
  await page.waitForFunction(done, 'depth', { timeout: 180000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: S + 'studies-1280.png', fullPage: true });
  await page.reload();
  await page.waitForSelector('[data-room=studies] > *', { state: 'attached' });
  await page.waitForTimeout(1500);
  console.log('after reload:', await page.textContent('[data-testid=depth-status]'));
  await page.locator('[data-testid=depth-status]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: S + 'studies-reload-1280.png' });
  // other settings: the finished study is not shown as theirs
  await page.goto(site.base + '?view=studies&depths=1,2&dsteps=60');
  await page.waitForSelector('[data-room=studies] > *', { state: 'attached' });
  await page.waitForTimeout(1500);
  console.log('other settings: status', await page.$$eval('[data-testid=depth-status]', (e) => e.map((x) => x.textContent)), 'depths drawn', await page.getAttribute('[data-testid=depth-figure]', 'data-depths'));
  await page.screenshot({ path: S + 'studies-other-1280.png' });
  all.push(...problems);
}
// 360 phone, dark, and projector: the studies run to the end, charts visible
for (const [name, opts, q] of [
  ['studies-360', { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true }, ''],
  ['studies-dark-1280', { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' }, ''],
  ['studies-proj', { viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 }, '&proj=1'],
]) {
  const { page, problems } = await site.open('?view=studies&depths=1,3&dsteps=60' + q, opts);
  await page.click('[data-testid=depth-run]');
  await page.waitForFunction(done, 'depth', { timeout: 180000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: S + name + '.png', fullPage: true });
  all.push(...problems);
}
// projector mode on a phone-wide and a wide screen: no tour offer
for (const [name, vp] of [['proj-360', { width: 360, height: 780 }], ['proj-1280', { width: 1280, height: 720 }]]) {
  const { page, problems } = await site.open('?proj=1', { viewport: vp });
  await page.waitForTimeout(1000);
  console.log(name, 'tour offers visible:', await page.$$eval('.tour-offer', (e) => e.filter((x) => x.offsetParent).length));
  await page.screenshot({ path: S + name + '.png' });
  all.push(...problems);
}
console.log('problems:', all);
await site.stop();
