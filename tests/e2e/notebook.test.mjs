// "Export as notebook" on the built site: the live runs and the grid are
// downloaded as NumPy code, and, run with Python and NumPy
// (CREDITFLOW_PYTHON, which .ci/test sets; else target/pyenv), reproduce
// the page's own scores at every checkpoint to 1e-6 relative.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { startSite } from './site.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });

const PYTHON = process.env.CREDITFLOW_PYTHON || (existsSync('target/pyenv/bin/python') ? 'target/pyenv/bin/python' : null);

/** Runs a downloaded notebook or script; returns [checkpoints, largest difference, output]. */
function reproduce(path, ipynb) {
  const script = ipynb
    ? "import json, sys\nnb = json.load(open(sys.argv[1]))\nexec(compile('\\n'.join(''.join(c['source']) for c in nb['cells'] if c['cell_type'] == 'code'), sys.argv[1], 'exec'))\n"
    : "import runpy, sys\nrunpy.run_path(sys.argv[1])\n";
  const out = execFileSync(PYTHON, ['-c', script, path], { env: { ...process.env, OPENBLAS_NUM_THREADS: '1' }, encoding: 'utf8', maxBuffer: 1 << 26 });
  const last = out.trim().split('\n').pop();
  return [Number(last.split(' ')[0]), Number(last.split(': ').pop()), out];
}

test('the live runs as a .py: the page\'s curves, reproduced in NumPy', async () => {
  const { page, problems, context } = await site.open('?view=lab&steps=200');
  await page.click('[data-testid=req-R4]');
  await page.click('[data-testid=lab-run]');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 60000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=notebook-live-py]')]);
  assert.equal(download.suggestedFilename(), 'creditflow-runs.py');
  assert.match(await page.textContent('[data-testid=notebook-live-note]'), /3 runs with 1\.\d MB of embedded data/);
  const path = await download.path();
  const text = readFileSync(path, 'utf8');
  assert.match(text, /def update_fa\(W, h, e, t, run\)/);
  if (!PYTHON) {
    console.log('skipped running it: no Python with NumPy (set CREDITFLOW_PYTHON)');
  } else {
    const [n, worst, out] = reproduce(path, false);
    // fa, bp and readout only: step 0 and every 50 steps to 200
    assert.equal(n, 3 * 5, out);
    assert.ok(worst <= 1e-6, `largest relative difference ${worst}\n${out}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the grid as a notebook: every run that has a NumPy form, the rest named with why', async () => {
  const { page, problems, context } = await site.open('?view=lab&steps=30');
  await page.click('[data-testid=lab-grid]');
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 120000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=notebook-grid-ipynb]')]);
  assert.equal(download.suggestedFilename(), 'creditflow-grid.ipynb');
  const note = await page.textContent('[data-testid=notebook-grid-note]');
  // 9 of the 12 rules × 5 rates × 3 seeds; node and weight perturbation and
  // the random direction draw noise every step
  assert.match(note, /135 runs/);
  assert.match(note, /node perturbation left out: it draws fresh noise/);
  const path = await download.path();
  const nb = JSON.parse(readFileSync(path, 'utf8'));
  assert.equal(nb.nbformat, 4);
  if (PYTHON) {
    const [n, worst, out] = reproduce(path, true);
    assert.equal(n, 135, out);
    assert.ok(worst <= 1e-6, `largest relative difference ${worst}\n${out}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
