// Issue 25: nothing a user made is lost, failures are visible, the page
// works outside a secure context, and the Content-Security-Policy holds.
// Any console error (a CSP violation is one) fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSite, CHROMIUM_ARGS } from './site.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });

const value = (page, id) => page.inputValue(`[data-testid=${id}]`);

test('a reload keeps the worksheet whole; a link puts it aside, restorable; a bad link changes nothing', async () => {
  const { page, problems, context } = await site.open('?view=graph');
  await page.fill('[data-testid=expr-input]', 'tanh(w*x+b)');
  await page.waitForFunction(() => /tanh/.test(location.search));
  await page.click('[data-testid=req-R3]');
  await page.click('[data-testid=r3-shared]');
  for (let i = 0; i < 5; i++) await page.click('[data-testid=np-draw10]');
  const mean = () => page.textContent('[data-testid=np-mean]');
  assert.match(await mean(), /^mean of 51 draw\(s\)/);
  // a reload (the address now names the expression) keeps the draws
  await page.reload();
  await page.waitForSelector('[data-testid=np-mean]');
  assert.match(await mean(), /^mean of 51 draw\(s\)/);
  assert.equal(await value(page, 'expr-input'), 'tanh(w*x+b)');
  // someone's link: theirs on screen, ours restorable in one click
  await page.goto(`${site.base}?view=graph&expr=a%2Bb&vals=a:1,b:2`);
  await page.waitForSelector('[data-testid=saved-aside]');
  assert.equal(await value(page, 'expr-input'), 'a+b');
  assert.match(await page.textContent('[data-testid=saved-aside]'), /tanh\(w\*x\+b\)/);
  // still offered after a reload of the link's page
  await page.reload();
  await page.waitForSelector('[data-testid=saved-aside]');
  await page.click('[data-testid=saved-restore]');
  await page.waitForFunction(() => document.querySelector('[data-testid=expr-input]').value === 'tanh(w*x+b)');
  assert.equal(await page.$('[data-testid=saved-aside]'), null);
  await page.click('[data-testid=req-R3]');
  await page.click('[data-testid=r3-shared]');
  assert.match(await mean(), /^mean of 51 draw\(s\)/);
  // a link that cannot be used: a notice, and the worksheet as it was
  await page.goto(`${site.base}?view=graph&expr=((a`);
  await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
  assert.equal(await value(page, 'expr-input'), 'tanh(w*x+b)');
  assert.match(await page.textContent('.graph-view .notice'), /could not be used/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('outside a secure context (a LAN name over plain HTTP) the page loads and works', async () => {
  const port = new URL(site.base).port;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP classroom.lan 127.0.0.1'],
  });
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`http://classroom.lan:${port}/creditflow/?view=graph`);
  await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
  assert.equal(await page.evaluate(() => window.isSecureContext), false);
  assert.equal(await page.evaluate(() => 'serviceWorker' in navigator), false);
  assert.match(await page.textContent('[data-testid=value-f]'), /16/);
  assert.match(await page.textContent('[data-testid=offline-status]'), /offline use unavailable here/);
  // the teacher panel's copy says to copy by hand
  await page.click('[data-testid=teacher-open]');
  await page.click('[data-testid=teacher-copy]');
  assert.match(await page.textContent('[data-testid=teacher-panel]'), /copy it by hand/);
  assert.deepEqual(problems, []);
  await browser.close();
});

test('every view opens under the Content-Security-Policy with no violation', async () => {
  const { page, problems, context } = await site.open('?view=graph&steps=200');
  const csp = await page.getAttribute('meta[http-equiv=Content-Security-Policy]', 'content');
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /'wasm-unsafe-eval'/);
  assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/);
  const violations = [];
  // (and the workers start the way wasm-bindgen asks: trunk's loader shim
  // used a deprecated form, with a warning)
  const deprecated = [];
  page.on('console', (m) => { if (/deprecated/i.test(m.text())) deprecated.push(m.text()); });
  await page.exposeFunction('cspViolation', (v) => violations.push(v));
  await page.evaluate(() => document.addEventListener('securitypolicyviolation', (e) => window.cspViolation(`${e.violatedDirective} ${e.blockedURI}`)));
  for (const view of ['lab', 'studies', 'agents', 'graph']) {
    await page.click(`[data-testid=nav-${view}]`);
    await page.waitForTimeout(400);
  }
  // the lab trains in workers under the policy
  await page.click('[data-testid=nav-lab]');
  await page.click('[data-testid=lab-run]');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 60000 });
  assert.deepEqual(violations, []);
  assert.deepEqual(deprecated, []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a browser without WebAssembly SIMD is told so, not left frozen', async () => {
  // the check says no SIMD, and the engine's wasm cannot load (as there)
  const context = await site.browser.newContext();
  await context.addInitScript(() => {
    const v = WebAssembly.validate;
    WebAssembly.validate = (b) => (b.length === 31 ? false : v(b));
  });
  await context.route(/creditflow-[0-9a-f]+_bg\.wasm$/, (r) => r.abort());
  const page = await context.newPage();
  await page.goto(site.base);
  await page.waitForSelector('[data-testid=boot-problem]');
  assert.match(await page.textContent('[data-testid=boot-problem]'), /does not run WebAssembly SIMD/);
  await context.close();
});

test('a deploy under an open tab: its grid finishes on its own build and says to reload', async () => {
  const root = mkdtempSync(join(tmpdir(), 'creditflow-deploy-'));
  cpSync('dist', join(root, 'creditflow'), { recursive: true });
  const port = 20000 + Math.floor(Math.random() * 2000);
  const base = `http://127.0.0.1:${port}/creditflow/`;
  const server = spawn('/usr/bin/python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1'], { cwd: root, stdio: 'ignore' });
  try {
    for (let i = 0; i < 100; i++) {
      try { if ((await fetch(base)).ok) break; } catch { /* not up yet */ }
      await new Promise((r) => setTimeout(r, 100));
    }
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${base}?view=lab&steps=30`);
    await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
    // build B lands while the tab is open: its workers speak for another build
    for (const f of ['worker_loader.js', 'worker_fma_loader.js']) {
      writeFileSync(join(root, 'creditflow', f), "postMessage('ready:another-build'); onmessage = () => {};");
    }
    await page.click('[data-testid=lab-grid]');
    await page.waitForSelector('[data-testid=grid-note]', { timeout: 20000 });
    assert.match(await page.textContent('[data-testid=grid-note]'), /a new version of Credit Flow is available: reload/);
    await page.waitForSelector('[data-testid=lab-table]', { timeout: 240000 });
    assert.match(await page.textContent('[data-testid=grid-time]'), /main thread/);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    server.kill();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a depth study interrupted by a reload resumes and ends with the uninterrupted numbers', async () => {
  const { readFileSync } = await import('node:fs');
  const cli = JSON.parse(readFileSync('target/cli-depth-60.json', 'utf8'));
  const { page, problems, context } = await site.open('?view=studies&depths=1,3&dsteps=60');
  await page.click('[data-testid=depth-run]');
  // runs kept (the first at once, then at most once a second:
  // page::kept::KEEP_MS), more in than kept, and the study not over: then
  // the tab reloads, and the page keeps what it had as it goes
  const done = await (await page.waitForFunction(() => {
    const m = /^(\d+) \/ (\d+) runs/.exec(document.querySelector('[data-testid=depth-status]')?.textContent || '');
    const kept = JSON.parse(localStorage.getItem('creditflow.study.depth.v1') || '{"parts":[]}').parts.length;
    return m && kept >= 1 && Number(m[1]) >= kept + 2 && Number(m[1]) < Number(m[2]) && Number(m[1]);
  }, null, { timeout: 120000, polling: 'raf' })).jsonValue();
  await page.reload();
  await page.waitForSelector('[data-testid=depth-resume-offer]');
  const offer = await page.textContent('[data-testid=depth-resume-offer]');
  const [, kept, total] = /after (\d+) of (\d+) runs/.exec(offer).map(Number);
  assert.ok(kept >= done && kept < total, `${done} runs in before the reload: ${offer}`);
  await page.click('[data-testid=depth-resume]');
  await page.waitForFunction(() => /runs in [0-9.]+ s/.test(document.querySelector('[data-testid=depth-status]')?.textContent || ''), null, { timeout: 120000 });
  assert.match(await page.textContent('[data-testid=depth-status]'), new RegExp(`^${total} runs in`));
  const findings = await page.textContent('[data-testid=depth-findings]');
  const names = { fa: 'FA', dfa: 'DFA', node_perturbation: 'node perturbation', scrambled: 'scrambled' };
  for (const row of cli.rows.filter((r) => names[r.method])) {
    const ratio = row.ratio_to_bp === null ? 'diverged at every rate, ∞×' : `${row.ratio_to_bp.toFixed(1)}×`;
    assert.ok(findings.includes(`${ratio} (${names[row.method]})`), `depth ${row.depth}: ${ratio} (${names[row.method]})`);
  }
  // finished: nothing is offered after another reload
  await page.reload();
  await page.waitForSelector('[data-testid=depth-run]');
  assert.equal(await page.$('[data-testid=depth-resume-offer]'), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the essay grid interrupted by a reload resumes with its kept runs and equals the command line', async () => {
  const { readFileSync } = await import('node:fs');
  const { sameMedians } = await import('./site.mjs');
  // written by .ci/test: creditflow ablate --protocol careful --steps 30 --json target/cli-careful-30.json
  const cli = JSON.parse(readFileSync('target/cli-careful-30.json', 'utf8'));
  const { page, problems, context } = await site.open('?view=lab&steps=30&proto=careful');
  await page.click('[data-testid=lab-grid]');
  const doneRuns = () => Number(/^(\d+) \//.exec(document.querySelector('[data-testid=lab-progress]')?.nextElementSibling?.textContent || '')?.[1] || 0);
  await page.waitForFunction(() => Number(/^(\d+) \//.exec(document.querySelector('[data-testid=lab-progress]')?.nextElementSibling?.textContent || '')?.[1] || 0) >= 100, null, { timeout: 120000 });
  await page.waitForTimeout(1500); // the runs are kept at most every second
  await page.reload();
  await page.waitForSelector('[data-testid=grid-resume-offer]');
  const kept = Number(/after (\d+) runs/.exec(await page.textContent('[data-testid=grid-resume-offer]'))[1]);
  assert.ok(kept >= 100 && kept < cli.runs.length, `${kept} kept`);
  await page.click('[data-testid=grid-resume]');
  // the kept runs count as done from the start
  assert.ok(await page.evaluate(doneRuns) >= kept);
  await page.waitForSelector('[data-testid=lab-table]', { timeout: 300000 });
  assert.match(await page.textContent('[data-testid=grid-time]'), new RegExp(`^${cli.runs.length} runs of 30 steps`));
  await sameMedians(page, cli);
  // finished: nothing is offered after another reload
  await page.reload();
  await page.waitForSelector('[data-testid=lab-grid]');
  assert.equal(await page.$('[data-testid=grid-resume-offer]'), null);
  assert.deepEqual(problems, []);
  await context.close();
});
