// The essay's Part 4 in the lab: the proposals appear in the method list
// with their tags and citations, train live beside backprop and the
// readout-only floor, fill the grouped table with scores and a verdict,
// draw the B-to-Wᵀ angle of Kolen–Pollack, and measure predictive
// coding's angle against T. Any console error fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startSite } from './site.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });

const RULES = ['kolen_pollack', 'sign_symmetry', 'three_factor', 'predictive_coding', 'equilibrium_prop', 'synthetic_gradients', 'forward_forward'];

test('the Part 4 rules are listed with their tags, train live, and fill the grouped table', async () => {
  const { page, problems } = await site.open('?view=lab&steps=300');
  // in the method list, with what each keeps and its citation
  const list = await page.textContent('[data-testid=part4-methods]');
  for (const cite of ['Akrout et al. 2019', 'Whittington & Bogacz 2017', 'Scellier & Bengio 2017', 'Jaderberg et al. 2016', 'Hinton 2022', 'Frémaux & Gerstner 2016', 'Liao, Leibo & Poggio 2016']) {
    assert.ok(list.includes(cite), `${cite} in the list`);
  }
  assert.equal(await page.$$eval('[data-testid=part4-methods] input[type=checkbox]', (c) => c.length), RULES.length + 1);
  // before training: every rule's row says so, and the verdict waits
  assert.match(await page.textContent('[data-testid=part4-kolen_pollack]'), /not trained/);
  assert.match(await page.textContent('[data-testid=part4-verdict]'), /Train the proposals/);
  await page.click('[data-testid=part4-train]');
  await page.waitForFunction(() => /training: step/.test(document.querySelector('[data-testid=lab-status]').textContent));
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 180000 });
  // every rule trained live: a row in the live table and a score in the grouped table
  for (const id of [...RULES, 'bp_classify', 'bp', 'readout_only']) {
    assert.ok(await page.$(`[data-testid=live-${id}]`), `${id} trained`);
    const row = await page.textContent(`[data-testid=part4-${id}]`);
    assert.match(row, /\d\.\d{3}.*(\d+\.\d×|—)/s, `${id}: ${row}`);
  }
  // grouped by what each keeps, with the essay's words
  const table = await page.textContent('[data-testid=part4-table]');
  assert.match(table, /keep a signed, per-unit error/);
  assert.match(table, /drop it: one shared score/);
  assert.match(table, /a local goal per layer/);
  assert.match(table, /the two phases are an explicit version of R5/);
  const verdict = await page.textContent('[data-testid=part4-verdict]');
  assert.match(verdict, /The prediction (holds here|does not hold for)/);
  assert.match(verdict, /forward-forward's error rate is [\d.]+× backprop's/);
  // the table as a file: every row's whole configuration and the build that made it
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=part4-export]')]);
  const out = JSON.parse(readFileSync(await file.path(), 'utf8'));
  assert.match(out.commit, /^([0-9a-f]{12}|unknown)$/);
  assert.equal(out.verdict, verdict);
  const kp = out.rows.find((r) => r.method === 'kolen_pollack');
  assert.equal(kp.config.method, 'kolen_pollack');
  assert.ok(kp.finished && Number.isFinite(kp.score), JSON.stringify(kp));
  // Kolen–Pollack's B against Wᵀ, over training
  assert.ok(Number(await page.getAttribute('[data-testid=feedback-chart]', 'data-lines')) >= 1);
  // predictive coding: the angle to bp's update for T = 1 … 100
  await page.click('[data-testid=pc-angles-run]');
  await page.waitForSelector('[data-testid=pc-angles] tbody tr');
  const angles = await page.$$eval('[data-testid=pc-angles] tbody tr', (rows) => rows.map((r) => parseFloat(r.cells[1].textContent)));
  assert.equal(angles.length, 7);
  assert.ok(angles[4] < angles[0], `T = 20 nearer bp than T = 1: ${angles}`);
  assert.deepEqual(problems, []);
});

test('a Part 4 rule from a link trains on its own with its tags in the live table', async () => {
  const { page, problems } = await site.open('?view=lab&methods=equilibrium_prop&steps=100');
  assert.equal(await page.isChecked('[data-testid=method-equilibrium_prop]'), true);
  await page.click('[data-testid=lab-run]');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 120000 });
  assert.match(await page.textContent('[data-testid=live-equilibrium_prop]'), /R5 \(two phases\)/);
  assert.deepEqual(problems, []);
});
