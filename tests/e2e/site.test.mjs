// Whole-app tests on the built site (dist/), served under /creditflow/ as on
// GitHub Pages, driven by Playwright in Debian's Chromium. Any console error
// or page error fails the test that saw it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startSite } from './site.mjs';
import { capture, FILE as OPENING, SIZES } from '../../tools/site/opening.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });
const open = (path) => site.open(path);

const text = (page, id) => page.textContent(`[data-testid=${id}]`);

test('steps the worked example to the end and reads -24, 16, 8', async () => {
  const { page, problems, context } = await open();
  assert.equal(await text(page, 'value-f'), 'f = 16');
  const total = Number((await text(page, 'step-index')).split('/')[1]);
  for (let i = 0; i < total; i++) await page.click('[data-testid=step-next]');
  assert.equal(await text(page, 'step-index'), `sweep ${total} / ${total}`);
  assert.equal(Number(await text(page, 'grad-a')), -24);
  assert.equal(Number(await text(page, 'grad-b')), 16);
  assert.equal(Number(await text(page, 'grad-c')), 8);
  assert.equal(Number(await text(page, 'fd-a')), -24);
  // a visitor who never opened the tour reads the notation
  assert.match(await text(page, 'arith'), /written ∂f\/∂a/);
  // a learning step lowers f, and "undo" puts the inputs back
  await page.click('[data-testid=learn-step]');
  assert.equal(await text(page, 'value-f'), 'f = 8.0747');
  assert.match(await text(page, 'learn-said'), /^f fell from 16 to 8\.0747\./);
  await page.click('[data-testid=learn-undo]');
  assert.equal(await text(page, 'value-f'), 'f = 16');
  assert.equal(await page.textContent('[data-testid=learn-said]'), '');
  // the keyboard steps too
  await page.keyboard.press('Home');
  assert.equal(await text(page, 'step-index'), `sweep 0 / ${total}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await text(page, 'step-index'), `sweep 2 / ${total}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('unticking R2 changes the gradient and the table says it is wrong', async () => {
  const { page, problems, context } = await open();
  await page.click('[data-testid=fd-reveal]');
  await page.click('[data-testid=req-R2]');
  assert.notEqual(Number(await text(page, 'grad-a')), -24);
  assert.match(await text(page, 'fd-table'), /✗ wrong/);
  await page.click('[data-testid=req-R2]');
  assert.equal(Number(await text(page, 'grad-a')), -24);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a bad expression shows its message and keeps the last good graph', async () => {
  const { page, problems, context } = await open();
  await page.fill('[data-testid=expr-input]', '(a*b+c))^2');
  assert.match(await text(page, 'expr-error'), /unexpected '\)' at 7/);
  assert.equal(await text(page, 'value-f'), 'f = 16');
  await page.fill('[data-testid=expr-input]', 'tahn(w*x+b)');
  assert.match(await text(page, 'expr-error'), /unknown function 'tahn'/);
  await page.fill('[data-testid=expr-input]', 'tanh(w*x+b)');
  assert.equal(await page.$('[data-testid=expr-error]'), null);
  assert.ok(await page.$('[data-testid=var-w]'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('at the node limit typing is not held up: the graph is redrawn when typing pauses, and a bad keystroke keeps the step', async () => {
  const { page, problems, context } = await open();
  const nodes = () => page.$$eval('[data-testid=graph-svg] [data-node]', (n) => n.length);
  const big = Array.from({ length: 489 }, (_, i) => `tanh(a*b+${i + 1})`).join('*');
  await page.fill('[data-testid=expr-input]', big);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=graph-svg] [data-node]').length === 1958, null, { timeout: 20000 });
  assert.match(await text(page, 'expr-large'), /redrawn when you pause typing/);
  // a step in, then keys typed quickly: no redraw (and no error) until the pause
  await page.click('[data-testid=step-next]');
  await page.focus('[data-testid=expr-input]');
  await page.press('[data-testid=expr-input]', 'End');
  await page.keyboard.type('+');
  assert.equal(await page.$('[data-testid=expr-error]'), null);
  await page.waitForSelector('[data-testid=expr-error]');
  assert.equal(await nodes(), 1958, 'the last good graph stays');
  assert.match(await text(page, 'step-index'), /^sweep 1 /, 'a bad keystroke keeps the step');
  await page.keyboard.type('1');
  assert.equal(await nodes(), 1958);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=graph-svg] [data-node]').length === 1959, null, { timeout: 20000 });
  assert.equal(await page.$('[data-testid=expr-error]'), null);
  assert.match(await text(page, 'step-index'), /^sweep 0 /, 'a new expression starts at sweep 0');
  // a small graph is redrawn on every key
  await page.fill('[data-testid=expr-input]', 'a*b');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=graph-svg] [data-node]').length === 3);
  await page.keyboard.type('+c');
  assert.equal(await nodes(), 5);
  assert.equal(await page.$('[data-testid=expr-large]'), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('state survives a reload', async () => {
  const { page, problems, context } = await open();
  await page.fill('[data-testid=expr-input]', '(a+b)*(b+1)');
  await page.click('[data-testid=req-R5]');
  // the state is written by effects: wait for both before reloading
  await page.waitForFunction(() => (localStorage.getItem('creditflow.graph.v1') || '').includes('(a+b)*(b+1)'));
  await page.waitForFunction(() => location.search.includes('req=11110'));
  await page.reload();
  await page.waitForSelector('[data-testid=value-f]');
  assert.equal(await page.inputValue('[data-testid=expr-input]'), '(a+b)*(b+1)');
  assert.equal(await page.isChecked('[data-testid=req-R5]'), false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('plain words: terms on screen carry their definitions, and Help lists the glossary', async () => {
  const { page, problems, context } = await open();
  // the step text names terms; each is a button described by its definition
  await page.click('[data-testid=step-next]');
  const terms = await page.$$eval('button.term', (bs) => bs.map((b) => ({
    id: b.dataset.term,
    def: b.dataset.def,
    described: document.getElementById(b.getAttribute('aria-describedby'))?.textContent,
  })));
  assert.ok(terms.length >= 3, `terms on the worked example: ${terms.length}`);
  for (const t of terms) assert.ok(t.def && t.described === t.def, `${t.id}: described by its definition`);
  // focus (a tap or Tab) shows it
  const first = page.locator('[data-testid=arith] button.term').first();
  await first.focus();
  const shown = await first.evaluate((b) => getComputedStyle(b, '::after').content);
  // (its alt text empty: the definition is the description, not the name)
  assert.equal(shown, `${JSON.stringify(await first.getAttribute('data-def'))} / ""`);
  // Help: how to use the page, the essay's address, every glossary row
  await page.click('[data-testid=help-open]');
  assert.match(await page.getAttribute('[data-testid=essay-link]', 'href'), /^https:\/\/rajeshrmahapatra\.com\/papers\//);
  assert.ok(await page.$$eval('[data-testid=glossary] tbody tr', (r) => r.length) >= 30);
  // each method in the lab says in one plain sentence what travels back
  await page.click('[data-testid=nav-lab]');
  assert.match(await page.textContent('[data-testid=lab-selected-plain]'), /In plain words: errors travel back/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the opening worksheet index.html paints is what the app draws (else: node tools/site/opening.mjs)', async () => {
  const kept = readFileSync(OPENING, 'utf8');
  for (const [name, viewport] of Object.entries(SIZES)) {
    const { page, problems, context } = await site.open('?view=graph', { viewport });
    const want = new RegExp(`<template id="opening-${name}">([\\s\\S]*?)</template>`).exec(kept)?.[1];
    assert.ok(want, `${OPENING} has the ${name} opening`);
    assert.ok(want === await capture(page), `the ${name} opening is stale: rebuild, serve dist/ and run node tools/site/opening.mjs`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a first visit shows f = 16 while the wasm loads; a link with its own state or a return visit waits for the app', async () => {
  const hold = async (context) => {
    // the page's wasm never arrives
    await context.route(/creditflow-[0-9a-f]+_bg\.wasm$/, () => {});
  };
  for (const viewport of Object.values(SIZES)) {
    const context = await site.browser.newContext({ viewport, serviceWorkers: 'block' });
    await hold(context);
    const page = await context.newPage();
    await page.goto(site.base);
    await page.waitForSelector('#boot .value-f');
    assert.match(await page.textContent('#boot .value-f'), /^f = 16/);
    assert.ok(await page.isVisible('#boot .value-f'));
    assert.equal(await page.textContent('#boot .boot-note'), 'Loading the engine…');
    assert.equal(await page.getAttribute('#boot', 'aria-busy'), 'true');
    // the graph drawn as on this screen: across, or down on a phone
    assert.equal(await page.locator('#boot svg.graph').count(), 1);
    await context.close();
  }
  for (const [path, init] of [['?view=lab', null], ['?expr=a%2Bb', null], ['', () => localStorage.setItem('creditflow.theme', 'dark')]]) {
    const context = await site.browser.newContext({ serviceWorkers: 'block' });
    await hold(context);
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    await page.goto(site.base + path);
    await page.waitForSelector('#boot .boot-note');
    assert.equal(await page.locator('#boot .value-f').count(), 0, `no opening for ${path || 'a return visit'}`);
    await context.close();
  }
  // and with the wasm, the app takes its place
  const { page, problems, context } = await open();
  assert.equal(await page.locator('#boot').count(), 0);
  assert.equal(await page.locator('.value-f').count(), 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the worked example loads only its own wasm; the lab, the studies and the Agents view fetch theirs when first opened', async () => {
  const { page, problems, context } = await open();
  const fetched = [];
  page.on('request', (r) => fetched.push(r.url().split('/').pop()));
  assert.equal(await text(page, 'value-f'), 'f = 16');
  await page.waitForTimeout(1000);
  const rooms = () => fetched.filter((f) => /^rooms(_bg\.wasm|\.js)$/.test(f));
  assert.deepEqual(rooms(), [], 'nothing of the other views before they are opened');
  await page.click('[data-testid=nav-lab]');
  await page.waitForSelector('[data-testid=lab-run]', { state: 'visible', timeout: 30000 });
  assert.deepEqual(rooms().sort(), ['rooms.js', 'rooms_bg.wasm']);
  // the other rooms are in the same part: nothing more is fetched for them
  await page.click('[data-testid=nav-studies]');
  await page.waitForSelector('[data-testid=depth-run]', { state: 'visible', timeout: 30000 });
  await page.click('[data-testid=nav-agents]');
  await page.waitForSelector('[data-testid=agents-run]', { state: 'visible', timeout: 30000 });
  assert.equal(rooms().length, 2);
  assert.deepEqual(problems, []);
  await context.close();
});
