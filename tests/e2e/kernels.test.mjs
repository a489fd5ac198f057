// The workers' two builds: where the browser has relaxed SIMD the page
// starts `worker_fma` (fused multiply-add); where it does not (simulated
// here by a `WebAssembly.validate` that refuses relaxed-SIMD modules) it
// starts `worker`, and the grid gives the same table either way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSite } from './site.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });

/** Runs the 30-step grid; returns the medians, the grid-time text and the
 * worker scripts the page loaded. */
async function grid(page) {
  const scripts = [];
  page.on('request', (r) => { if (/worker\w*_loader\.js$/.test(r.url())) scripts.push(r.url().split('/').pop()); });
  await page.click('[data-testid=nav-lab]');
  await page.click('[data-testid=lab-grid]');
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 120000 });
  const medians = await page.$$eval('[data-testid=lab-table] tbody tr', (rows) =>
    rows.map((r) => r.querySelectorAll('td')[3]?.textContent));
  return { medians, time: await page.textContent('[data-testid=grid-time]'), scripts: [...new Set(scripts)] };
}

test('the fused build where relaxed SIMD validates, the plain one where it does not, the same table', async () => {
  let { page, problems, context } = await site.open('?steps=30');
  const fused = await grid(page);
  assert.deepEqual(fused.scripts, ['worker_fma_loader.js']);
  assert.match(fused.time, /relaxed fused multiply-add/);
  assert.deepEqual(problems, []);
  await context.close();

  ({ page, problems, context } = await site.open(''));
  await context.addInitScript(() => {
    const validate = WebAssembly.validate;
    // a browser without relaxed SIMD: any module using its opcodes (0xfd 0x80–0x93 0x02) is invalid
    WebAssembly.validate = (bytes) => {
      const b = new Uint8Array(bytes.buffer || bytes);
      for (let i = 0; i + 2 < b.length; i++) if (b[i] === 0xfd && b[i + 1] >= 0x80 && b[i + 1] <= 0x93 && b[i + 2] === 2) return false;
      return validate(bytes);
    };
  });
  await page.goto(site.base + '?steps=30');
  await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
  const plain = await grid(page);
  assert.deepEqual(plain.scripts, ['worker_loader.js']);
  assert.doesNotMatch(plain.time, /relaxed/);
  assert.match(plain.time, /SIMD128/);
  assert.deepEqual(plain.medians, fused.medians);
  assert.ok(plain.medians.length >= 12);
  assert.deepEqual(problems, []);
  await context.close();
});
