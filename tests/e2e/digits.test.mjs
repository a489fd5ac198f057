// The digits task in the lab: chosen from a link, its data file fetched
// only then (not in the first load), every rule scored by its test error
// rate, live runs in the workers, and the page's 30-step grid equal to the
// command line's. Any console error fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startSite, sameMedians } from './site.mjs';

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
  await sameMedians(page, cli);
  // the essay's numbers are for its teacher: none beside a dataset's rows
  for (const row of cli.summary) {
    assert.equal((await page.textContent(`[data-testid=essay-ratio-${row.method}]`)).trim(), '—', row.method);
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
  // every cell as the command line printed it
  const file = JSON.parse(readFileSync('assets/tasks.json', 'utf8'));
  const rows = await page.$$eval('[data-testid=tasks-table] tbody tr', (rs) => rs.map((r) => [...r.cells].map((c) => c.textContent.trim())));
  file.printed.forEach(([, cells], i) => {
    assert.deepEqual(rows[i].slice(1, 7), cells.flat(), `row ${i}`);
  });
  const findings = await page.textContent('[data-testid=tasks-findings]');
  assert.match(findings, /feedback alignment: its error is [\d.]+× on the teacher \(dense\)/);
  assert.match(findings, /update of the conv kernels ends \d+° from bp's/);
  assert.match(await page.textContent('[data-testid=tasks-published]'), /BioTorch/);
  assert.match(await page.textContent('body'), /CC BY 4\.0/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('your own CSV: a bad file changes nothing, a good one trains, survives a reload, and can be forgotten', async () => {
  const { page, problems, context } = await site.open('?view=lab&steps=100&proto=essay');
  await page.selectOption('[data-testid=lab-task]', 'file');
  await page.waitForSelector('[data-testid=data-file]');
  // a ragged file: named by its line, and the task is still the teacher's
  await page.setInputFiles('[data-testid=data-file]', { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b,y\n1,2,3\n4,5\n') });
  await page.waitForSelector('[data-testid=data-error]');
  assert.match(await page.textContent('[data-testid=data-error]'), /line 3 has 2 fields, the header has 3\. Nothing was changed/);
  assert.doesNotMatch(page.url(), /task=/);
  // a good one, with a BOM, semicolons and CRLF: 80 rows, the label detected
  let csv = '\ufeffx1;x2;kind\r\n';
  for (let i = 0; i < 80; i++) csv += `${(i % 9) - 4};${((i * 7) % 11) - 5};${(i % 9) - 4 > 0 ? 'hi' : 'lo'}\r\n`;
  await page.setInputFiles('[data-testid=data-file]', { name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.waitForSelector('[data-testid=data-target]');
  assert.equal(await page.inputValue('[data-testid=data-target]'), 'kind');
  await page.click('[data-testid=data-use]');
  await page.waitForFunction(() => /task=file/.test(location.search));
  assert.match(await page.textContent('[data-testid=data-kept]'), /80 rows, 2 inputs.*classification, 2 classes/);
  await page.click('[data-testid=lab-run]');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 60000 });
  assert.ok(await page.$('[data-testid=error-rate-chart]'));
  // the network panel walks a batch of the file's rows
  await page.click('[data-testid=panel-step]');
  await page.waitForSelector('[data-testid=network-panel] svg.network');
  // the grid runs on it in the workers (the file sent to them first)
  await page.click('[data-testid=lab-grid]');
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 300000 });
  assert.match(await page.textContent('[data-testid=row-bp]'), /0\.\d{3}/);
  assert.match(await page.textContent('body'), /test error rates on your file \(classification\)/);
  // a reload keeps the file
  await page.reload();
  await page.waitForSelector('[data-testid=data-kept]');
  assert.match(await page.textContent('[data-testid=data-kept]'), /80 rows/);
  assert.equal(await page.inputValue('[data-testid=lab-task]'), 'file');
  // and forgetting it returns to the teacher, for this visit and the next
  await page.click('[data-testid=data-forget]');
  await page.waitForFunction(() => !/task=file/.test(location.search));
  await page.reload();
  assert.equal(await page.inputValue('[data-testid=lab-task]'), 'teacher');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the conv student trains on the digits in the page', async () => {
  const { page, problems, context } = await site.open('?view=lab&task=digits&steps=100');
  await page.waitForFunction(() => !/Loading/.test(document.querySelector('[data-testid=lab-status]').textContent));
  await page.selectOption('[data-testid=lab-arch]', 'conv');
  await page.waitForFunction(() => /arch=conv/.test(location.search));
  assert.match(await page.textContent('[data-testid=conv-note]'), /288 units/);
  await page.click('[data-testid=lab-run]');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 60000 });
  const bp = await page.textContent('[data-testid=live-bp]');
  assert.ok(parseFloat(bp.match(/0\.\d{3}/)[0]) < 0.6, bp);
  // a link cannot ask for a conv layer on the teacher
  const other = await site.open('?view=lab&arch=conv');
  assert.equal(await other.page.inputValue('[data-testid=lab-task]'), 'teacher');
  await other.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});
