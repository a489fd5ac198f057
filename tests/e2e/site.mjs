// Shared by the site tests: serve dist/ under /creditflow/ (as on GitHub
// Pages) with Python's http.server, and open pages in Debian's Chromium
// that record console errors, page errors and off-site requests.
import { spawn } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Serves `dir` (dist/ unless told; a benchmark may compare two builds). */
export async function startSite(dir = 'dist') {
  const port = 18000 + Math.floor(Math.random() * 2000);
  const base = `http://127.0.0.1:${port}/creditflow/`;
  const root = mkdtempSync(join(tmpdir(), 'creditflow-site-'));
  symlinkSync(resolve(dir), join(root, 'creditflow'));
  const server = spawn('/usr/bin/python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1'], {
    cwd: root, stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(base)).ok) break; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

  /** A fresh page on `base + path` (context options: viewport, isMobile,
   * colorScheme, …; `initScript`: a script run before the page's own;
   * `cpu`: the CPU slowed down that many times, for a benchmark),
   * recording problems. */
  async function open(path = '', { initScript, cpu, ...options } = {}) {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 1000 }, ...options });
    if (initScript) await context.addInitScript(initScript);
    const page = await context.newPage();
    if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('requestfailed', (r) => {
      // a navigation (page.goto) aborts the last page's favicon load: not a failure
      const aborted = r.failure()?.errorText === 'net::ERR_ABORTED' && /favicon/.test(r.url());
      if (!r.url().startsWith('blob:') && !aborted) problems.push(`request failed: ${r.url()}`);
    });
    page.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith(`http://127.0.0.1:${port}/`) && !u.startsWith('data:') && !u.startsWith('blob:')) {
        problems.push(`off-site request: ${u}`);
      }
    });
    await page.goto(base + path);
    await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
    // a link to the lab, the studies or the Agents view: that room is a
    // second wasm, fetched on opening; wait until it is drawn
    const room = /[?&]view=(lab|studies|agents)\b/.exec(path)?.[1];
    if (room) await page.waitForSelector(`[data-room=${room}] > *`, { state: 'attached', timeout: 30000 });
    return { page, problems, context };
  }

  async function stop() {
    await browser.close();
    server.kill();
  }
  return { base, open, stop, browser };
}

// The page's table shows the command line's medians (and their 95%
// intervals) to the printed precision, row by row of `cli.summary`.
export async function sameMedians(page, cli) {
  for (const row of cli.summary) {
    const cells = await page.$$eval(`[data-testid=row-${row.method}] td`, (tds) => tds.map((t) => t.textContent));
    const end = (x) => (x === null ? '∞' : x.toFixed(3));
    const iv = row.interval ? ` [${end(row.interval.lo)}, ${end(row.interval.hi)}]` : '';
    const want = (row.median === null ? 'diverged' : row.median.toFixed(3)) + iv;
    if (cells[3].trim() !== want) throw new Error(`${row.method}: page ${cells[3]}, command line ${want}`);
  }
}
