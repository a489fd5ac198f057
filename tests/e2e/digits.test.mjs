// The digits task in the lab: chosen from a link, its data file fetched
// only then (not in the first load), every rule scored by its test error
// rate, live runs in the workers, and the page's 30-step grid equal to the
// command line's. Any console error fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startSite } from './site.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });

test('the digits are fetched only when their task is chosen, then train live', async () => {
  const { page, problems, context } = await site.open('?view=lab&steps=200');
  const fetched = [];
  page.on('request', (r) => { if (r.url().includes('digits.csv.gz')) fetched.push(r.url()); });
  await page.waitForSelector('[data-testid=lab-run]');
  assert.equal(fetched.length, 0, 'not in the first load');
  await page.selectOption('[data-testid=lab-task]', 'digits');
  assert.match(page.url(), /task=digits/);
  await page.waitForFunction(() => !/Loading/.test(document.querySelector('[data-testid=lab-status]').textContent));
  assert.equal(fetched.length, 1);
  assert.match(await page.textContent('[data-testid=digits-credit]'), /CC BY 4\.0/);
  await page.click('[data-testid=lab-run]');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 120000 });
  // scored by the error rate: its own chart, and no nMSE chart
  assert.ok(await page.$('[data-testid=error-rate-chart]'));
  assert.equal(await page.$('[data-testid=curve-chart]'), null);
  const bp = await page.textContent('[data-testid=live-bp]');
  const rate = parseFloat(bp.match(/0\.\d{3}/)[0]);
  assert.ok(rate < 0.5, `bp's test error after 200 steps: ${bp}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the page\'s digits grid equals the command line\'s', async () => {
  // written by .ci/test: creditflow ablate --task digits --protocol essay --steps 30 --json target/cli-digits-30.json
  const cli = JSON.parse(readFileSync('target/cli-digits-30.json', 'utf8'));
  const { page, problems, context } = await site.open('?view=lab&task=digits&steps=30&proto=essay');
  await page.waitForFunction(() => !/Loading/.test(document.querySelector('[data-testid=lab-status]').textContent));
  await page.click('[data-testid=lab-grid]');
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 300000 });
  assert.match(await page.textContent('[data-testid=grid-time]'), new RegExp(`^${cli.runs.length} runs of 30 steps`));
  for (const row of cli.summary) {
    const cells = await page.$$eval(`[data-testid=row-${row.method}] td`, (tds) => tds.map((t) => t.textContent));
    const end = (x) => (x === null ? '∞' : x.toFixed(3));
    const iv = row.interval ? ` [${end(row.interval.lo)}, ${end(row.interval.hi)}]` : '';
    const want = (row.median === null ? 'diverged' : row.median.toFixed(3)) + iv;
    assert.equal(cells[3].trim(), want, `${row.method}: page ${cells[3]}, command line ${want}`);
    // the essay's numbers are for its teacher: none beside a dataset's rows
    assert.equal(cells[5].trim(), '—', row.method);
  }
  assert.match(await page.textContent('body'), /test error rates on the UCI digits/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the Studies view shows the harder-tasks study as the command line ran it', async () => {
  const { page, problems, context } = await site.open('?view=studies');
  await page.click('[data-testid=tasks-load]');
  await page.waitForSelector('[data-testid=tasks-table]');
  assert.equal(await page.$$eval('[data-testid=tasks-table] tbody tr', (r) => r.length), 6);
  const findings = await page.textContent('[data-testid=tasks-findings]');
  assert.match(findings, /feedback alignment: its error is [\d.]+× on the teacher \(dense\)/);
  assert.match(findings, /update of the conv kernels ends \d+° from bp's/);
  assert.match(await page.textContent('[data-testid=tasks-published]'), /BioTorch/);
  assert.match(await page.textContent('body'), /CC BY 4\.0/);
  assert.deepEqual(problems, []);
  await context.close();
});
