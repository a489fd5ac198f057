// The Agents view (essay Part 5, simulated): it says it is a simulation,
// a run draws every chart with progress and gives the command line's
// numbers, renaming a step changes its chained critique, settings live in
// the URL, and a bad setting is refused with a message. Any console error
// fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startSite } from './site.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });

test('the Agents view answers first, over seeds, and gives the command line\'s numbers', async () => {
  const { page, problems } = await site.open('?view=agents&arounds=30&afid=0.9&aplo=0.3');
  assert.equal(await page.inputValue('[data-testid=agents-aplo]'), '0.3');
  assert.match(await page.textContent('[data-testid=agents-simulation]'), /no language model is called/);
  assert.equal(await page.inputValue('[data-testid=agents-arounds]'), '30');
  // nothing runs until the button is pressed; a reload part way keeps the
  // parts done, and only the rest run
  await page.waitForTimeout(1500);
  assert.match(await page.textContent('[data-testid=agents-status]'), /^Press run/);
  await page.click('[data-testid=agents-run]');
  await page.waitForFunction(() => Number(/^running: (\d+)/.exec(document.querySelector('[data-testid=agents-status]').textContent)?.[1]) >= 10, null, { timeout: 120000 });
  await page.reload();
  await page.waitForSelector('[data-testid=agents-resumed]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=agents-resumed]'), /resumed after a reload: [1-9]\d* parts were kept/);
  await page.waitForFunction(() => /over 5 seeds/.test(document.querySelector('[data-testid=agents-answers-status]').textContent), null, { timeout: 120000 });
  await page.waitForFunction(() => /done:/.test(document.querySelector('[data-testid=agents-status]').textContent), null, { timeout: 60000 });
  // each signal's median curve, gated and not, each with its band
  assert.equal(await page.getAttribute('[data-testid=agents-curves]', 'data-lines'), '8');
  assert.equal(await page.getAttribute('[data-testid=agents-curves]', 'data-rects'), '8');
  assert.equal(await page.getAttribute('[data-testid=agents-depth]', 'data-lines'), '4');
  // credit quality step by step: chained and both broadcasts, every step of every depth (1+2+4+8 cells
  // each) and a mean per depth
  assert.equal(await page.getAttribute('[data-testid=agents-angles]', 'data-lines'), '3');
  assert.equal(await page.getAttribute('[data-testid=agents-angles]', 'data-rects'), String(3 * (15 + 4)));
  assert.ok(Number(await page.getAttribute('[data-testid=agents-vote]', 'data-dots')) >= 16);
  // the answers and findings are the command line's, word for word
  // (.ci/test writes it: creditflow agents --rounds 30 --fidelity 0.9 --p-low 0.3)
  const cli = JSON.parse(readFileSync('target/cli-agents-30.json', 'utf8'));
  const answers = await page.$$eval('[data-testid=agents-answers] li', (l) => l.map((x) => x.textContent));
  assert.deepEqual(answers, cli.answers);
  const findings = await page.$$eval('[data-testid=agents-findings] li', (l) => l.map((x) => x.textContent));
  assert.deepEqual(findings, cli.findings);
  // what happened, in words, beside the curves
  const words = await page.textContent('[data-testid=agents-words]');
  assert.match(words, /over 5 seeds, loss rose in \d+/);
  assert.match(words, /the gate accepted/);
  // the model and the protocol card are on the page, and the card as a file
  assert.match(await page.textContent('[data-testid=agents-model]'), /y_k = tanh/);
  assert.match(await page.textContent('[data-testid=agents-protocol]'), /Estimate your critic's fidelity/);
  const card = await page.evaluate(async () => (await fetch('agents-protocol.md')).text());
  assert.equal(card, readFileSync('docs/agents-protocol.md', 'utf8'));
  // renaming step 1 changes the critique it hears, and the URL keeps it
  const before = await page.textContent('[data-testid=agents-critique]');
  await page.fill('[data-testid=agents-name]', 'retrieve the sources');
  await page.click('[data-testid=agents-rename]');
  await page.waitForFunction((b) => document.querySelector('[data-testid=agents-critique]').textContent !== b, before);
  assert.match(await page.textContent('[data-testid=agents-critique]'), /retrieve the sources/);
  assert.match(page.url(), /anames=retrieve/);
  // the fidelity slider reruns the simulation at its value
  await page.locator('[data-testid=agents-fidelity-slider]').fill('0.2');
  await page.waitForFunction(() => /afid=0.2/.test(location.search));
  await page.waitForFunction(() => /done:/.test(document.querySelector('[data-testid=agents-status]').textContent), null, { timeout: 60000 });
  assert.equal(await page.inputValue('[data-testid=agents-afid]'), '0.2');
  // every chart's numbers as CSV
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=agents-export-csv]')]);
  const csv = readFileSync(await download.path(), 'utf8');
  assert.match(csv, /^chart,signal,gated,seed,x,y,calls,detail\n/);
  assert.ok(csv.includes('vote,refine') && csv.includes('depth,chain') && csv.includes('curves,broadcast,true') && csv.includes('curves,reading'));
  const [json] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=agents-export]')]);
  const out = JSON.parse(readFileSync(await json.path(), 'utf8'));
  assert.match(out.commit, /^([0-9a-f]{12}|unknown)$/);
  assert.equal(out.settings.cfg.rounds, 30);
  assert.match(out.simulation, /no language model/);
  // a changed setting marks the charts as the last run's until run again
  assert.equal(await page.$('[data-testid=agents-stale]'), null);
  await page.fill('[data-testid=agents-arounds]', '2000');
  await page.press('[data-testid=agents-arounds]', 'Tab');
  await page.waitForSelector('[data-testid=agents-stale]');
  // a long run can be stopped
  await page.click('[data-testid=agents-run]');
  await page.waitForSelector('[data-testid=agents-stale]', { state: 'detached' });
  await page.click('[data-testid=agents-stop]');
  await page.waitForFunction(() => /stopped after/.test(document.querySelector('[data-testid=agents-status]').textContent));
  assert.ok(await page.isEnabled('[data-testid=agents-run]'));
  assert.deepEqual(problems, []);
});

test('a bad Agents setting in the URL or a field is refused with a message', async () => {
  const { page, problems } = await site.open('?view=agents&afid=2');
  assert.match(await page.textContent('[data-testid=url-notice]'), /afid=2 is not the critic's fidelity/);
  await page.fill('[data-testid=agents-ak]', '12');
  await page.press('[data-testid=agents-ak]', 'Tab');
  assert.match(await page.textContent('.agents-view [role=alert]'), /“12” is not the pipeline's number of steps/);
  assert.equal(await page.inputValue('[data-testid=agents-ak]'), '4');
  assert.deepEqual(problems, []);
});

test('the margin map runs on demand and its cells are the command line\'s', async () => {
  const { page, problems } = await site.open('?view=agents&arounds=30&aseeds=3');
  await page.click('[data-testid=agents-run]');
  await page.waitForFunction(() => /over 3 seeds/.test(document.querySelector('[data-testid=agents-answers-status]')?.textContent), null, { timeout: 120000 });
  // before it is asked for, the map is a button and a count of its runs
  assert.match(await page.textContent('[data-testid=agents-map-status]'), /^\d+ runs at the settings above/);
  await page.click('[data-testid=agents-map-run]');
  // a reload part way: the map offers to resume, and ends with the
  // numbers of one that never stopped
  await page.waitForFunction(() => Number(/^running: (\d+)/.exec(document.querySelector('[data-testid=agents-map-status]').textContent)?.[1]) >= 20, null, { timeout: 120000 });
  await page.reload();
  await page.waitForSelector('[data-testid=agents-map-resume-offer]', { timeout: 120000 });
  assert.match(await page.textContent('[data-testid=agents-map-resume-offer]'), /interrupted after [1-9]\d* of \d+ runs/);
  await page.click('[data-testid=agents-map-resume]');
  assert.match(await page.textContent('[data-testid=agents-map-resumed]'), /^Resumed after a reload: [1-9]\d* runs were kept/);
  await page.waitForFunction(() => /^done:/.test(document.querySelector('[data-testid=agents-map-status]').textContent), null, { timeout: 180000 });
  // two sections (fixed, reading) × three blurs, each with a cell
  assert.equal(await page.getAttribute('[data-testid=agents-margin]', 'data-lines'), '6');
  // (.ci/test writes it: creditflow agents --rounds 30 --seeds 3 --map …)
  const cli = JSON.parse(readFileSync('target/cli-agents-map-30.json', 'utf8')).map.cells;
  await page.click('[data-testid=table-agents-margin] summary');
  await page.waitForSelector('[data-testid=table-agents-margin] tbody tr');
  const rows = await page.$$eval('[data-testid=table-agents-margin] tbody tr', (t) => t.map((r) => [...r.cells].map((c) => c.textContent)));
  assert.equal(rows.length, cli.length);
  assert.equal(rows.length, 2 * 3 * 5 * 3);
  const short = { broadcast: 'fixed broadcast', reading: 'reading broadcast' };
  for (const c of cli) {
    const row = rows.find((r) => r[0] === short[c.against] && Number(r[1]) === c.blur && Number(r[2]) === c.fidelity && Number(r[3]) === c.depth);
    assert.ok(row, JSON.stringify(c));
    assert.ok(row[4].startsWith(c.chain.median.toFixed(3)), `${row[4]} vs ${c.chain.median}`);
    assert.ok(row[5].startsWith(c.other.median.toFixed(3)), `${row[5]} vs ${c.other.median}`);
    const pct = Number(row[6].replace('≈ ', '').replace('−', '-').replace('%', ''));
    assert.ok(Math.abs(pct - c.margin * 100) <= 0.5 + 1e-9, `${row[6]} vs ${c.margin}`);
    assert.equal(row[6].startsWith('≈'), c.verdict === 'within_noise');
  }
  const said = await page.$$eval('[data-testid=agents-map-findings] li', (l) => l.map((x) => x.textContent));
  assert.equal(said.length, 6);
  assert.match(said[0], /^Against the fixed broadcast, blur 0.1: the chain wins clearly/);
  assert.deepEqual(problems, []);
});

test('a trace of one\'s own runs is drawn as the simulation\'s; a bad one is refused with its line', async () => {
  const { page, problems } = await site.open('?view=agents&arounds=10&aseeds=2');
  await page.click('[data-testid=agents-trace-example-arms]');
  await page.waitForSelector('[data-testid=agents-trace-summary]:not(:empty)');
  const summary = await page.textContent('[data-testid=agents-trace-summary]');
  assert.match(summary, /^simulated-arms.jsonl: Simulated .*624 records, 12 runs/);
  // four arms' curves with their bands, and the verdicts the command line gives
  // (.ci/test writes it: creditflow agents --import docs/traces/simulated-arms.jsonl)
  assert.equal(await page.getAttribute('[data-testid=agents-trace-curves]', 'data-lines'), '4');
  const cli = JSON.parse(readFileSync('target/cli-trace-arms.json', 'utf8'));
  const findings = await page.$$eval('[data-testid=agents-trace-findings] li', (l) => l.map((x) => x.textContent));
  assert.deepEqual(findings, cli.findings);
  assert.match(await page.textContent('[data-testid=agents-trace-words]'), /no-critique arm: over 3 seeds/);
  // a malformed file: a message with the line, and the last good trace stays
  const bad = readFileSync('docs/traces/simulated-arms.jsonl', 'utf8').split('\n');
  bad[2] = '{"arm": "chain", "run": 0';
  await page.setInputFiles('[data-testid=agents-trace-file]', { name: 'broken.jsonl', mimeType: 'application/json', buffer: Buffer.from(bad.join('\n')) });
  await page.waitForSelector('[data-testid=agents-trace-problem]');
  assert.match(await page.textContent('[data-testid=agents-trace-problem]'), /^broken.jsonl: line 3: not a record of the trace.*Nothing was changed\.$/);
  assert.equal(await page.textContent('[data-testid=agents-trace-summary]'), summary);
  // the other example, then the doc the view links
  await page.click('[data-testid=agents-trace-example-depths]');
  await page.waitForFunction(() => /simulated-depths/.test(document.querySelector('[data-testid=agents-trace-summary]').textContent));
  assert.equal(await page.$('[data-testid=agents-trace-problem]'), null);
  assert.equal(await page.getAttribute('[data-testid=agents-trace-depth]', 'data-lines'), '2');
  const doc = await page.evaluate(async () => (await fetch('agents-trace.md')).text());
  assert.equal(doc, readFileSync('docs/agents-trace.md', 'utf8'));
  assert.deepEqual(problems, []);
});
