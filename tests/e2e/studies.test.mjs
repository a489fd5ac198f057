// The studies view on the built site: a reduced depth and width study set
// by the URL run in workers with progress, draw their charts and findings,
// and give the command line's numbers; cancel stops a study; a bad URL
// value falls back with a notice. Any console error fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startSite } from './site.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });

const done = (id) => (t) => new RegExp(`runs in [0-9.]+ s`).test(document.querySelector(`[data-testid=${t}-status]`)?.textContent || '');

test('a reduced depth study from the URL draws each depth and matches the command line', async () => {
  const cli = JSON.parse(readFileSync('target/cli-depth-60.json', 'utf8'));
  const { page, problems } = await site.open('?view=studies&depths=1,3&dsteps=60');
  assert.equal(await page.getAttribute('[data-testid=depth-figure]', 'data-depths'), '0');
  // how often the page shows the runs coming in: the status's changes
  // while the study runs (runs are shown at most every 250 ms, with the
  // others of that time, not one frame a run)
  await page.evaluate(() => {
    window.creditflowShown = { changes: 0, t0: performance.now() };
    new MutationObserver(() => {
      const st = document.querySelector('[data-testid=depth-status]')?.textContent || '';
      if (/^\d+ \/ \d+ runs/.test(st) && st !== window.creditflowShown.last) {
        window.creditflowShown.last = st;
        window.creditflowShown.changes++;
        window.creditflowShown.t1 = performance.now();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.click('[data-testid=depth-run]');
  await page.waitForSelector('[data-testid=depth-progress]');
  await page.waitForFunction(done('depth'), 'depth', { timeout: 120000 });
  assert.equal(await page.getAttribute('[data-testid=depth-figure]', 'data-depths'), '2');
  const shown = await page.evaluate(() => window.creditflowShown);
  const most = Math.ceil(((shown.t1 ?? shown.t0) - shown.t0) / 250) + 3;
  assert.ok(shown.changes <= most, `the status changed ${shown.changes} times, more than ${most}: once a run?`);
  // one line per method, and per-layer dots on the angle chart
  assert.equal((await page.getAttribute('[data-testid=depth-chart]', 'data-colours')).split(' ').length, 7);
  assert.ok(Number(await page.getAttribute('[data-testid=depth-angle-chart]', 'data-dots')) >= 2 * (1 + 3));
  const findings = await page.textContent('[data-testid=depth-findings]');
  assert.match(findings, /3 hidden layers: without R4/);
  // the page's ratios are the command line's, to the printed precision
  const names = { fa: 'FA', dfa: 'DFA', node_perturbation: 'node perturbation', scrambled: 'scrambled' };
  for (const row of cli.rows.filter((r) => names[r.method])) {
    const ratio = row.ratio_to_bp === null ? 'diverged at every rate, ∞×' : `${row.ratio_to_bp.toFixed(1)}×`;
    const want = `${ratio} (${names[row.method]})`;
    assert.ok(findings.includes(want), `depth ${row.depth}: ${want} in “${findings}”`);
  }
  // the numbers behind the charts, as a table
  // (the table is built on the details' toggle event, which fires after the click)
  await page.click('[data-testid=table-depth] summary');
  await page.waitForSelector('[data-testid=table-depth] tbody tr');
  assert.equal(await page.$$eval('[data-testid=table-depth] tbody tr', (r) => r.length), cli.rows.length);
  for (const row of cli.rows.filter((r) => r.method === 'readout_only')) {
    assert.ok(findings.includes(`readout only ${row.ratio_to_bp.toFixed(1)}×`), `readout only at depth ${row.depth}`);
  }
  // a reload shows the finished study as it was, said to be kept
  await page.reload();
  await page.waitForSelector('[data-room=studies] > *', { state: 'attached' });
  await page.waitForFunction(() => /earlier visit/.test(document.querySelector('[data-testid=depth-status]')?.textContent ?? ''));
  assert.equal(await page.getAttribute('[data-testid=depth-figure]', 'data-depths'), '2');
  assert.equal(await page.textContent('[data-testid=depth-findings]'), findings);
  assert.equal(await page.$$eval('[data-testid=depth-resume-offer]', (e) => e.length), 0);
  assert.deepEqual(problems, []);
});

// Web Workers that cannot be made: the study runs on the page instead,
// says so, and gives the same numbers.
const noWorkers = () => { window.Worker = function () { throw new Error('blocked by the test'); }; };

test('without workers the depth study runs on the page, says so and gives the same numbers', async () => {
  const cli = JSON.parse(readFileSync('target/cli-depth-60.json', 'utf8'));
  const { page, problems, context } = await site.open('?view=studies&depths=1,3&dsteps=60', { initScript: noWorkers });
  await page.click('[data-testid=depth-run]');
  await page.waitForFunction(done('depth'), 'depth', { timeout: 240000 });
  assert.match(await page.textContent('[data-testid=depth-note]'), /workers could not start .*running here instead/);
  assert.match(await page.textContent('[data-testid=depth-status]'), /on the main thread/);
  const findings = await page.textContent('[data-testid=depth-findings]');
  const names = { fa: 'FA', dfa: 'DFA', node_perturbation: 'node perturbation', scrambled: 'scrambled' };
  for (const row of cli.rows.filter((r) => names[r.method])) {
    const ratio = row.ratio_to_bp === null ? 'diverged at every rate, ∞×' : `${row.ratio_to_bp.toFixed(1)}×`;
    assert.ok(findings.includes(`${ratio} (${names[row.method]})`), `depth ${row.depth}: ${ratio} in “${findings}”`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('a reduced width study draws the charts and the failure boundary; cancel stops a run', async () => {
  const cli = JSON.parse(readFileSync('target/cli-width-60.json', 'utf8'));
  const { page, problems } = await site.open('?view=studies&widths=8,16&wsteps=60');
  await page.click('[data-testid=width-run]');
  await page.waitForFunction(done('width'), 'width', { timeout: 120000 });
  assert.equal(await page.getAttribute('[data-testid=width-figure]', 'data-widths'), String(cli.rows.length));
  assert.equal((await page.getAttribute('[data-testid=width-chart]', 'data-colours')).split(' ').length, 4);
  const map = await page.getAttribute('[data-testid=boundary-map]', 'data-text');
  assert.match(map, /songbird/);
  assert.match(map, /cortex/);
  // the map's weight-perturbation cell at width 16 is the command line's ratio
  const bp = cli.rows.find((r) => r.method === 'bp' && r.width === 16).median;
  const wp = cli.rows.find((r) => r.method === 'weight_perturbation' && r.width === 16).median;
  const want = wp === null ? 'diverged' : `${(wp / bp).toFixed(1)}×`;
  assert.ok(map.includes(want), `${want} in ${map}`);
  // a long study, cancelled: the status says so and the button is back
  await page.fill('[data-testid=study-wsteps]', '20000');
  await page.press('[data-testid=study-wsteps]', 'Tab');
  await page.click('[data-testid=width-run]');
  await page.waitForSelector('[data-testid=width-cancel]:not([disabled])');
  await page.click('[data-testid=width-cancel]');
  await page.waitForFunction(() => /cancelled after/.test(document.querySelector('[data-testid=width-status]').textContent));
  assert.equal(await page.isDisabled('[data-testid=width-run]'), false);
  assert.deepEqual(problems, []);
});

test('a bad study setting in the URL or a field is refused with a message', async () => {
  const { page, problems } = await site.open('?view=studies&depths=0,99');
  assert.match(await page.textContent('[data-testid=url-notice]'), /depths=0,99 is not/);
  assert.equal(await page.inputValue('[data-testid=study-depths]'), '1,2,4,6,8');
  await page.fill('[data-testid=study-depths]', 'deep');
  await page.press('[data-testid=study-depths]', 'Tab');
  assert.match(await page.textContent('.studies-view [role=alert]'), /“deep” is not/);
  assert.equal(await page.inputValue('[data-testid=study-depths]'), '1,2,4,6,8');
  assert.deepEqual(problems, []);
});
