// The lab on the built site: R1–R5 pick what trains, curves and the angle
// chart are drawn, a short grid completes into the table, exports work,
// and a shared URL reproduces the state. Any console error fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startSite, sameMedians } from './site.mjs';


let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });

/** Counts the chart's data lines drawn in colour `hex` (its canvas lists them). */
async function linesOf(page, id, hex) {
  const words = await page.getAttribute(`[data-testid=${id}]`, 'data-colours');
  return (words || '').split(' ').filter((w) => w === hex).length;
}

const FA = '#2A9D8F';


test('untick R4, run: the fa curve and the angle chart are drawn', async () => {
  const { page, problems, context } = await site.open('?steps=400');
  await page.click('[data-testid=nav-lab]');
  assert.match(page.url(), /view=lab/);
  await page.click('[data-testid=req-R4]');
  assert.match(await page.textContent('[data-testid=lab-selected]'), /feedback alignment/);
  assert.equal(await linesOf(page, 'curve-chart', FA), 0);
  await page.click('[data-testid=lab-run]');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 60000 });
  assert.ok(await linesOf(page, 'curve-chart', FA) >= 1, 'the fa curve is drawn');
  assert.equal(await linesOf(page, 'angle-chart', FA), 3, 'fa in each layer\'s panel');
  // chart text as large as the page's body text (16 px) as shown: the
  // smallest text drawn, times the canvas's scale on the screen
  const shown = await page.$eval('[data-testid=curve-chart]', (d) => {
    const c = d.querySelector('canvas');
    return Number(d.dataset.minText) * c.getBoundingClientRect().width / (c.width / devicePixelRatio);
  });
  assert.ok(shown >= 15.5, `smallest chart text ${shown} px`);
  assert.match(await page.textContent('[data-testid=live-fa]'), /400/);
  // bp and the readout-only floor run beside the ablation as references
  assert.match(await page.textContent('[data-testid=live-bp]'), /400/);
  assert.match(await page.textContent('[data-testid=live-readout_only]'), /400/);
  assert.match(await page.textContent('[data-testid=lab-references]'), /references/);
  assert.match(page.url(), /req=11101/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a short grid completes into the table, and exports work', async () => {
  const { page, problems, context } = await site.open('?view=lab&steps=30');
  await page.click('[data-testid=lab-grid]');
  await page.waitForSelector('[data-testid=lab-progress]');
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 120000 });
  for (const id of ['bp', 'fa', 'dfa', 'no_deriv', 'scrambled', 'node_perturbation', 'weight_perturbation',
    'sign_dropped', 'stale', 'shuffled_labels', 'random_direction', 'readout_only']) {
    assert.ok(await page.$(`[data-testid=row-${id}]`), `row-${id}`);
  }
  // 30 steps are too few to diverge: the table says where ours differs
  assert.match(await page.textContent('[data-testid=row-sign_dropped]'), /every run diverges/);
  assert.match(await page.textContent('[data-testid=lab-table]'), /differs: ours did not diverge/);
  assert.match(await page.textContent('[data-testid=grid-time]'), /195 runs of 30 steps/);
  assert.ok(Number(await page.$eval('[data-testid=ratio-chart]', (c) => c.dataset.lines)) >= 11, 'ratio bars from the table');
  // the same numbers as the command line (written by .ci/test:
  // creditflow ablate --steps 30 --json target/cli-grid-30.json)
  const cli = JSON.parse(readFileSync('target/cli-grid-30.json', 'utf8'));
  await sameMedians(page, cli);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid=export-table-csv]'),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  assert.equal(csv.split('\n')[0], 'method,removes,best_lr,edge,median,median_lo,median_hi,ratio_to_bp,ratio_lo,ratio_hi,essay_ratio,seed_scores,diverged_runs,diverged_at_best,angle_w1,angle_w2,angle_w3,essay');
  assert.equal(csv.trim().split('\n').length, 13);
  assert.deepEqual(problems, []);
  await context.close();
});

test('workers that never say they are ready: the grid runs on the page after 10 s and matches the command line', async () => {
  // a Worker that accepts messages and never answers
  const silent = () => {
    window.Worker = function () {
      return { postMessage() {}, terminate() {}, set onmessage(f) {}, set onerror(f) {} };
    };
  };
  const { page, problems, context } = await site.open('?view=lab&steps=30', { initScript: silent });
  await page.click('[data-testid=lab-grid]');
  await page.waitForSelector('[data-testid=grid-note]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=grid-note]'), /did not start in time: running here instead/);
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 240000 });
  assert.match(await page.textContent('[data-testid=grid-time]'), /main thread/);
  await sameMedians(page, JSON.parse(readFileSync('target/cli-grid-30.json', 'utf8')));
  assert.deepEqual(problems, []);
  await context.close();
});

test('in f32 (chosen in the settings) the grid equals the command line\'s f32 grid', async () => {
  const { page, problems, context } = await site.open('?view=lab&steps=30');
  await page.selectOption('[data-testid=lab-prec]', 'f32');
  assert.match(page.url(), /prec=f32/);
  await page.click('[data-testid=lab-grid]');
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 120000 });
  // written by .ci/test: creditflow ablate --steps 30 --precision f32 --json …
  const cli = JSON.parse(readFileSync('target/cli-grid-30-f32.json', 'utf8'));
  assert.equal(cli.precision, 'f32');
  await sameMedians(page, cli);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid=export-table-json]'),
  ]);
  assert.equal(JSON.parse(readFileSync(await download.path(), 'utf8')).precision, 'f32');
  // a reload keeps the setting (it is in the URL)
  await page.reload();
  await page.waitForSelector('[data-testid=lab-prec]');
  assert.equal(await page.$eval('[data-testid=lab-prec]', (s) => s.value), 'f32');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a shared URL reproduces the state; a bad one falls back with a notice', async () => {
  const url = '?view=lab&req=11011&r3=weight_perturbation&methods=readout_only&lr=0.02&seed=3&steps=200';
  const { page, problems, context } = await site.open(url);
  assert.equal(await page.isChecked('[data-testid=req-R3]'), false);
  assert.match(await page.textContent('[data-testid=lab-selected]'), /weight perturbation/);
  assert.equal(await page.isChecked('[data-testid=method-readout_only]'), true);
  assert.equal(await page.inputValue('[data-testid=lab-lr]'), '0.02');
  assert.equal(await page.inputValue('[data-testid=lab-seed]'), '3');
  await page.reload();
  await page.waitForSelector('[data-testid=lab-selected]');
  assert.equal(await page.inputValue('[data-testid=lab-steps]'), '200');
  assert.equal(await page.isChecked('[data-testid=req-R3]'), false);
  await page.goto(site.base + '?view=lab&lr=banana&steps=-4&what=1');
  // the page says what it cannot use at once; the lab's keys, when the
  // rooms' wasm reads them
  await page.waitForFunction(() => /lr=banana/.test(document.querySelector('[data-testid=url-notice]')?.textContent));
  const notice = await page.textContent('[data-testid=url-notice]');
  assert.match(notice, /lr=banana/);
  assert.match(notice, /unknown URL key 'what'/);
  assert.equal(await page.inputValue('[data-testid=lab-lr]'), 'best');
  await page.fill('[data-testid=lab-lr]', 'abc');
  await page.press('[data-testid=lab-lr]', 'Enter');
  assert.equal(await page.inputValue('[data-testid=lab-lr]'), 'best');
  await page.fill('[data-testid=lab-gain]', '99');
  await page.press('[data-testid=lab-gain]', 'Enter');
  assert.equal(await page.inputValue('[data-testid=lab-gain]'), '1');
  assert.match(await page.textContent('.settings [role=alert]'), /not a teacher gain from 0.1 to 10; keeping 1/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the careful protocol, chosen in the page, runs in rounds and equals the command line\'s careful grid', async () => {
  // written by .ci/test: creditflow ablate --protocol careful --steps 30 --json target/cli-careful-30.json
  const cli = JSON.parse(readFileSync('target/cli-careful-30.json', 'utf8'));
  const { page, problems, context } = await site.open('?view=lab&steps=30');
  await page.selectOption('[data-testid=grid-protocol-choice]', 'careful');
  assert.match(page.url(), /proto=careful/);
  await page.click('[data-testid=lab-grid]');
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 300000 });
  assert.match(await page.textContent('[data-testid=grid-protocol]'), /careful protocol/);
  // every round's runs: the rates added past an edge included
  assert.match(await page.textContent('[data-testid=grid-time]'), new RegExp(`^${cli.runs.length} runs of 30 steps`));
  await sameMedians(page, cli);
  for (const row of cli.summary) {
    const cell = await page.textContent(`[data-testid=row-${row.method}] td:nth-child(3)`);
    assert.equal(cell.trim(), row.best_lr === null ? '—' : `${row.best_lr}${row.edge === 'top' ? ' ↑' : row.edge === 'bottom' ? ' ↓' : ''}`, row.method);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the essay\'s table at once from the precomputed file, with its command', async () => {
  const { page, problems, context } = await site.open('?view=lab');
  await page.click('[data-testid=lab-precomputed]');
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 20000 });
  assert.equal(await page.$$eval('[data-testid=lab-table] tbody tr[data-testid^=row-]', (r) => r.length), 12);
  assert.match(await page.textContent('[data-testid=grid-time]'), /195 runs of 3000 steps, precomputed by the command line: creditflow ablate --protocol essay --shard 1\/1 --json essay-grid\.json/);
  // the essay's ratio beside ours, flagged where it is outside our interval
  assert.match(await page.textContent('[data-testid=essay-ratio-fa]'), /1\.1×/);
  assert.equal(await page.locator('[data-testid=essay-ratio-fa] [data-testid=essay-flag]').count(), 1);
  assert.match(await page.textContent('[data-testid=essay-reason-fa]'), /alignment/);
  assert.match(await page.textContent('[data-testid=essay-reason-weight_perturbation]'), /√N/);
  // a rate left at an edge of the essay's grid says why, from the grid's own numbers
  assert.match(await page.textContent('[data-testid=edge-reason-bp]'), /0\.2 is the largest rate of the essay's grid/);
  assert.match(await page.textContent('[data-testid=edge-reason-stale]'), /no rate of it learns the task/);
  assert.match(await page.textContent('[data-testid=row-bp]'), /\[0\.0\d\d, 0\.0\d\d\]/);
  assert.match(await page.textContent('[data-testid=grid-protocol]'), /the essay's protocol: .*, on the teacher \(gain 1\)\.$/);
  assert.equal(await page.locator('[data-testid=grid-other-task]').count(), 0);
  // the live runs now take their rates from it
  assert.match(await page.textContent('[data-testid=lab-status]'), /./);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the precomputed table shown while another task is chosen says it is not of that task', async () => {
  const { page, problems, context } = await site.open('?view=lab&task=digits');
  await page.click('[data-testid=lab-precomputed]');
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=grid-protocol]'), /on the teacher/);
  assert.match(await page.textContent('[data-testid=grid-other-task]'), /not of the task chosen/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('with the workers\' wasm blocked, a live run moves to the page after 10 s, says so, and finishes', async () => {
  const { page, problems, context } = await site.open('?view=lab&steps=200');
  // a school's proxy: the workers' wasm never arrives
  await context.route(/worker(_fma)?_bg\.wasm$/, () => {});
  await page.click('[data-testid=lab-run]');
  await page.waitForSelector('[data-testid=live-note]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=live-note]'), /did not start in time: running here instead/);
  await page.waitForFunction(() => /done: 200 steps/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 60000 });
  assert.match(await page.textContent('[data-testid=live-bp]'), /200/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a chosen file not yet learned holds ▶ run and says why; learned, it trains', async () => {
  const { page, problems, context } = await site.open('?view=lab&steps=30');
  await page.selectOption('[data-testid=lab-task]', 'file');
  // no file yet: ▶ run does not train the teacher instead
  // (aria-disabled: a ▶ run that cannot act keeps the keyboard's focus)
  await page.waitForFunction(() => document.querySelector('[data-testid=lab-run]').getAttribute('aria-disabled') === 'true');
  assert.match(await page.textContent('[data-testid=lab-status]'), /No file chosen yet/);
  const rows = Array.from({ length: 80 }, (_, i) => `${i},${(i * 7) % 5},${(2 * i + 1) / 80}`).join('\n');
  await page.setInputFiles('[data-testid=data-file]', { name: 'mydata.csv', mimeType: 'text/csv', buffer: Buffer.from(`x,z,y\n${rows}\n`) });
  await page.waitForSelector('[data-testid=data-use]');
  assert.equal(await page.getAttribute('[data-testid=lab-run]', 'aria-disabled'), 'true', '▶ run waits for the file');
  assert.match(await page.textContent('[data-testid=lab-status]'), /mydata\.csv is chosen but not learned yet/);
  await page.click('[data-testid=data-use]');
  await page.waitForFunction(() => document.querySelector('[data-testid=lab-run]').getAttribute('aria-disabled') === 'false');
  await page.click('[data-testid=lab-run]');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 60000 });
  assert.match(page.url(), /task=file/);
  assert.deepEqual(problems, []);
  await context.close();
});
