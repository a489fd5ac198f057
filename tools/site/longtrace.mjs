// What each long task is made of (for humans; issue 26):
//   node tools/site/longtrace.mjs [phase] [cpu slowdown] [dir]
// phase: load (the worked example, cold), lab (opening the lab), train
// (the lab's default run) — after a release build of dist/. Records
// Chrome's timeline through the DevTools protocol and prints, for each
// main-thread task over 50 ms, its time in script, style, layout, paint
// and V8's first compilation of wasm functions, and the scripts' entry
// points (a timer, an animation frame, a message from a worker, …).
import { startSite } from '../../tests/e2e/site.mjs';

const [phase = 'train', cpu = '4', dir = 'dist'] = process.argv.slice(2);
const site = await startSite(dir);
const { page, context } = await site.open(phase === 'load' ? '' : '?view=graph', { cpu: Number(cpu) });
const cdp = await context.newCDPSession(page);
// CSS='…': a rule added to the page first, to try what a change of style would do
if (process.env.CSS) await page.addStyleTag({ content: process.env.CSS });
await page.waitForTimeout(1000);
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
const traced = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
const start = async () => cdp.send('Tracing.start', {
  categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline,v8.wasm,disabled-by-default-v8.wasm.detailed' + (process.env.WHY ? ',disabled-by-default-devtools.timeline.invalidationTracking' : ''),
  transferMode: 'ReportEvents',
});
if (phase === 'load') {
  await start();
  await page.reload();
  await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
  await page.waitForTimeout(3000);
} else {
  if (phase === 'train') {
    await page.click('[data-testid=nav-lab]');
    await page.waitForSelector('[data-testid=lab-run]', { state: 'visible', timeout: 30000 });
    await page.waitForTimeout(2000);
  }
  await start();
  if (phase === 'lab') {
    await page.click('[data-testid=nav-lab]');
    await page.waitForSelector('[data-testid=lab-run]', { state: 'visible', timeout: 30000 });
    await page.waitForTimeout(3000);
  } else {
    await page.click('[data-testid=lab-run]');
    await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 120000 });
  }
}
await cdp.send('Tracing.end');
await traced;
const main = events.find((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').tid;
const on = events.filter((e) => e.tid === main && e.ph === 'X');
const t0 = Math.min(...on.map((e) => e.ts));
const ms = (us) => Math.round(us / 100) / 10;
const kinds = { FunctionCall: 'script', EvaluateScript: 'script', UpdateLayoutTree: 'style', Layout: 'layout',
  Paint: 'paint', PrePaint: 'paint', Layerize: 'paint', 'wasm.CompileLazy': 'first compilation', ParseHTML: 'html' };
for (const task of on.filter((e) => e.name === 'RunTask' && e.dur > 50000)) {
  const inside = on.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  const sums = {};
  for (const e of inside) if (kinds[e.name]) sums[kinds[e.name]] = (sums[kinds[e.name]] || 0) + e.dur;
  const entries = inside.filter((e) => ['TimerFire', 'FireAnimationFrame', 'EventDispatch', 'FunctionCall', 'v8.callFunction'].includes(e.name))
    .filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && ['TimerFire', 'FireAnimationFrame', 'EventDispatch'].includes(o.name)))
    .sort((a, b) => b.dur - a.dur).slice(0, 4)
    .map((e) => `${e.name}${e.args?.data?.type ? ' ' + e.args.data.type : ''}${e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''} ${ms(e.dur)}`);
  const top = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur));
  const others = top.filter((e) => !kinds[e.name] && !['FireAnimationFrame', 'TimerFire', 'EventDispatch', 'FunctionCall'].includes(e.name) && e.dur > 3000);
  console.log(`task at ${ms(task.ts - t0)} ms, ${ms(task.dur)} ms: ${Object.entries(sums).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}${others.length ? '; also ' + others.map((e) => `${e.name} ${ms(e.dur)}`).join(', ') : ''}`);
  console.log(`    ${entries.join(' · ')}`);
  const detail = inside.filter((e) => ['Layout', 'UpdateLayoutTree'].includes(e.name) && e.dur > 2000).map((e) => e.name === 'Layout'
    ? `layout ${ms(e.dur)} (${e.args.beginData?.dirtyObjects}/${e.args.beginData?.totalObjects} objects${e.args.beginData?.partialLayout ? ', partial' : ''})`
    : `style ${ms(e.dur)} (${e.args.elementCount} elements)`);
  if (detail.length) console.log(`    ${detail.join(' · ')}`);
  // WHY=1: what invalidated style, layout and paint in the task, most first
  const why = new Map();
  for (const e of events) {
    if (e.tid !== main || e.ts < task.ts || e.ts > task.ts + task.dur || !/InvalidationTracking/.test(e.name)) continue;
    const d = e.args?.data || {};
    const k = `${e.name.replace('InvalidationTracking', '')}: ${d.reason || ''} ${(d.nodeName || '').slice(0, 50)}`;
    why.set(k, (why.get(k) || 0) + 1);
  }
  for (const [k, n] of [...why].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`      ${n} × ${k}`);
}
await context.close();
await site.stop();
