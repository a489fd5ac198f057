// The opening worksheet, painted before the wasm arrives (issue 26): on a
// first visit to the worked example, index.html shows the page as the app
// draws it at the start, so that "f = 16" is on screen while the engine
// loads; the app then mounts the same page in its place.
//
//   node tools/site/opening.mjs [base]   captures it from the built site
//       served at `base` (default http://127.0.0.1:8765/creditflow/), wide
//       and narrow, into assets/opening.html;
//   inject(dir) writes assets/opening.html into the staged index.html
//       (called by the build's hook, tools/site/csp.mjs, before the policy).
//
// The snapshot is what the app draws, cut to what shows: no hidden parts,
// no test ids (a test waiting for the app must not find the snapshot), no
// Leptos markers. A site test captures the page again and compares, so a
// change to the worked example that leaves it stale fails there (run this
// after a release build to renew it).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const FILE = 'assets/opening.html';
/** The widths it is captured at: the graph runs across above 600 px, down below. */
export const SIZES = { wide: { width: 1280, height: 800 }, narrow: { width: 360, height: 740 } };

/** The app as drawn in `page`, cut to what shows (runs in the page). */
export async function capture(page) {
  const html = await page.evaluate(() => {
    const live = document.querySelector('.app');
    const app = live.cloneNode(true);
    // what the app set as properties (a tick, a typed value, a choice)
    // shows in the markup only as attributes
    const fields = 'input, select, textarea, option';
    const copies = app.querySelectorAll(fields);
    live.querySelectorAll(fields).forEach((el, i) => {
      const c = copies[i];
      if (el.type === 'checkbox' || el.type === 'radio') c.toggleAttribute('checked', el.checked);
      else if (el.tagName === 'OPTION') c.toggleAttribute('selected', el.selected);
      else if (el.tagName === 'TEXTAREA') c.textContent = el.value;
      else if (el.tagName === 'INPUT') c.setAttribute('value', el.value);
    });
    for (const el of app.querySelectorAll('.hidden')) el.remove();
    for (const el of [app, ...app.querySelectorAll('[data-testid]')]) el.removeAttribute('data-testid');
    // the service worker's status comes later, and differs by visit
    for (const el of app.querySelectorAll('.offline')) el.textContent = '';
    return app.outerHTML;
  });
  return html.replaceAll('<!---->', '');
}

/** The two captures as the file holds them. */
export function join2({ wide, narrow }) {
  return `<template id="opening-wide">${wide}</template>\n<template id="opening-narrow">${narrow}</template>\n`;
}

async function write(base) {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS } = await import('../../tests/e2e/site.mjs');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const out = {};
  for (const [name, viewport] of Object.entries(SIZES)) {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${base}?view=graph`);
    await page.waitForSelector('[data-testid=value-f]');
    out[name] = await capture(page);
    await context.close();
  }
  await browser.close();
  writeFileSync(FILE, join2(out));
  console.log(`opening.mjs: ${FILE} written (wide ${out.wide.length} B, narrow ${out.narrow.length} B)`);
}

export function inject(dir) {
  const file = join(dir, 'index.html');
  const html = readFileSync(file, 'utf8');
  const marker = '<!-- the opening worksheet (tools/site/opening.mjs) -->';
  if (!html.includes(marker)) throw new Error(`opening.mjs: index.html has no "${marker}"`);
  writeFileSync(file, html.replace(marker, readFileSync(FILE, 'utf8')));
  console.log('opening.mjs: the opening worksheet written into index.html');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await write(process.argv[2] || 'http://127.0.0.1:8765/creditflow/');
}
