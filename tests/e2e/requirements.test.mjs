// Each of the five checkboxes on the worked example, in the built site:
// the table changes as the issue specifies, the step text says what was
// substituted, and the shared score's draws converge.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSite } from './site.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });

const text = (page, id) => page.textContent(`[data-testid=${id}]`);
const grads = async (page) => [Number(await text(page, 'grad-a')), Number(await text(page, 'grad-b')),
  Number(await text(page, 'grad-c'))];
const close = (got, want) => got.every((g, i) => Math.abs(g - want[i]) < 1e-9);

/** A fresh page with the whole table revealed, requirement `r` unticked. */
async function without(r) {
  const opened = await site.open();
  await opened.page.click('[data-testid=fd-reveal]');
  if (r) await opened.page.click(`[data-testid=req-R${r}]`);
  return opened;
}

test('R1 off: local derivatives at the visible previous sample', async () => {
  const { page, problems, context } = await without(1);
  assert.equal(await page.inputValue('[data-testid=prev-a]'), '3');
  assert.ok(close(await grads(page), [-20, 30, 10]), String(await grads(page)));
  // the graph shows the stale value beside the true one
  assert.match(await text(page, 'graph-svg'), /4, old 5/);
  await page.fill('[data-testid=prev-a]', '2');
  await page.press('[data-testid=prev-a]', 'Enter');
  // previous a=2, b=−2, c=11: v = 7, v̄ = 14, b̄ = v̄·a_prev = 28
  assert.equal(Number(await text(page, 'grad-b')), 28);
  assert.deepEqual(problems, []);
  await context.close();
});

test('R2 off: slope dropped, weights kept: −3, 2, 1', async () => {
  const { page, problems, context } = await without(2);
  assert.ok(close(await grads(page), [-3, 2, 1]));
  await page.click('[data-testid=step-next]');
  assert.match(await text(page, 'arith'), /slope is left out: ×1 instead of ×8/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('R3 off: shared score draws, scrambled and sign dropped', async () => {
  const { page, problems, context } = await without(3);
  await page.click('[data-testid=r3-shared]');
  const cos = async () => Number((await text(page, 'np-cosine')).split(': ')[1]);
  const first = await text(page, 'np-last');
  const c1 = await cos();
  assert.match(await text(page, 'np-runs'), /^2 forward runs/);
  await page.click('[data-testid=np-draw]');
  assert.notEqual(await text(page, 'np-last'), first);
  for (let i = 0; i < 3; i++) await page.click('[data-testid=np-draw100]');
  assert.match(await text(page, 'np-runs'), /^303 forward runs/);
  assert.ok((await cos()) > Math.max(c1, 0.95), `cosine ${c1} → ${await cos()}`);
  await page.click('[data-testid=r3-sign]');
  assert.ok(close(await grads(page), [24, 16, 8]));
  await page.click('[data-testid=r3-scrambled]');
  const g = await grads(page);
  assert.ok(!close(g, [-24, 16, 8]));
  assert.ok(g.every((x) => [-24, 16, 8].includes(x)), `scrambled ${g} are true adjoints`);
  // the hand-offs are drawn when the sweep is done (they happen after it)
  assert.equal(await page.$('svg.graph .handoff'), null);
  for (let i = 0; i < 6; i++) await page.click('[data-testid=step-next]');
  assert.ok(await page.$('svg.graph .handoff'), 'the hand-offs are drawn');
  assert.match(await text(page, 'graph-svg'), /[−+][0-9.]+ \(not [−+][0-9.]+\)/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('R4 off: random feedback on the product, c unaffected, a pointer to the lab', async () => {
  const { page, problems, context } = await without(4);
  const [a, b, c] = await grads(page);
  assert.ok(a !== -24 && b !== 16 && c === 8);
  assert.match(await text(page, 'note-r4'), /feedback alignment/);
  await page.click('[data-testid=open-fa]');
  await page.waitForSelector('[data-testid=lab-selected]');
  assert.match(await text(page, 'lab-selected'), /feedback alignment/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('R5 off: no effect on a tree, one click to fan-out where b loses a contribution', async () => {
  const { page, problems, context } = await without(5);
  assert.ok(close(await grads(page), [-24, 16, 8]));
  assert.match(await text(page, 'note-r5'), /no effect/);
  await page.click('[data-testid=try-fan-out]');
  assert.equal(Number(await text(page, 'grad-b')), -2);
  assert.match(await text(page, 'fd-table'), /✗ wrong/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the table hides answers until the sweep reaches them', async () => {
  const { page, problems, context } = await site.open();
  assert.equal(await text(page, 'grad-a'), '…');
  for (let i = 0; i < 6; i++) await page.click('[data-testid=step-next]');
  assert.equal(Number(await text(page, 'grad-a')), -24);
  assert.match(await text(page, 'fd-cosine'), /1\.0000/);
  assert.deepEqual(problems, []);
  await context.close();
});
