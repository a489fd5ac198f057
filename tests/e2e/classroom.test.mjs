// The classroom on the built site: the tour with a prediction, a teacher's
// link with hidden controls, phones, projector width, both themes checked
// with axe-core, the keyboard alone, and a reload with the network cut.
// Any console error or page error fails the test that saw it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSite } from './site.mjs';

let site;
before(async () => { site = await startSite(); });
after(async () => { await site.stop(); });

const text = (page, id) => page.textContent(`[data-testid=${id}]`);
const visible = (page, id) => page.isVisible(`[data-testid=${id}]`);
// (force: a button marked aria-disabled is still pressed, as a person can)
const click = (page, id) => page.click(`[data-testid=${id}]`, { force: id === 'tour-reveal' });

/** The keyboard's focus, by test id ('' for the document). */
const focused = (page) => page.evaluate(() => document.activeElement?.dataset?.testid ?? (document.activeElement === document.body ? '' : document.activeElement?.tagName));

/** Opens the phone's menu first where the views sit behind it. */
async function goTo(page, id) {
  if (await page.isVisible('[data-testid=menu-open]') && !(await page.isVisible(`[data-testid=${id}]`))) await click(page, 'menu-open');
  await click(page, id);
}

test('the core tour ends at its own last stop with an exit ticket; going further is asked for; resumes after a reload', async () => {
  const { page, problems, context } = await site.open();
  assert.ok(await visible(page, 'tour-offer'), 'first visit offers the tour');
  await click(page, 'tour-offer-start');
  assert.equal(await text(page, 'tour-count'), 'Tour: stop 1 of 6');
  await click(page, 'tour-next');
  // a new stop gives the keyboard's focus to its title
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'tour-title');
  // predict first: the reveal waits for an answer, the adjoint of a is not shown yet
  assert.equal(await page.getAttribute('[data-testid=tour-reveal]', 'aria-disabled'), 'true');
  await click(page, 'tour-reveal');
  assert.equal(await page.$('[data-testid=tour-answer]'), null, 'no answer before a choice');
  assert.match(await text(page, 'step-index'), /^sweep 0 \//);
  await click(page, 'tour-choice-1');
  assert.equal(await page.getAttribute('[data-testid=tour-choice-1]', 'aria-checked'), 'true');
  // on an answer the arrow keys move to the next one; they never change
  // the chosen answer, nor step the sweep
  await page.focus('[data-testid=tour-choice-1]');
  await page.keyboard.press('ArrowRight');
  assert.notEqual(await focused(page), 'tour-choice-1');
  assert.equal(await page.getAttribute('[data-testid=tour-choice-1]', 'aria-checked'), 'true');
  assert.match(await text(page, 'step-index'), /^sweep 0 \//, 'the arrow did not step the sweep');
  // the reveal waits until the student has stepped the sweep to its end
  assert.match(await text(page, 'tour-reveal'), /step the sweep to its end/);
  while (await page.getAttribute('[data-testid=step-next]', 'aria-disabled') !== 'true') await click(page, 'step-next');
  await click(page, 'tour-reveal');
  // the answer takes the focus, and says right or wrong and why
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'tour-answer');
  assert.match(await text(page, 'tour-why'), /✓ “f would fall”: The sweep hands a/);
  assert.match(await text(page, 'tour-notice'), /What to notice/);
  // what did you see? a number read off the graph, checked by the engine,
  // asked before the learning step that would change the graph
  assert.ok(await page.evaluate(() => {
    const o = document.querySelector('[data-testid=tour-observe]');
    const l = document.querySelector('[data-testid=tour-learn-box]');
    return Boolean(o && l && (o.compareDocumentPosition(l) & Node.DOCUMENT_POSITION_FOLLOWING));
  }), "b's credit is asked before the learning step");
  await page.fill('[data-testid=observe]', '-24');
  await click(page, 'observe-check');
  assert.match(await text(page, 'observe-verdict'), /Not quite: the page's sweep gives 16/);
  await page.fill('[data-testid=observe]', '16');
  await click(page, 'observe-check');
  assert.match(await text(page, 'observe-verdict'), /^Right\./);
  // the reveal did not give the number it then asks for
  assert.doesNotMatch(await text(page, 'tour-answer'), /16/);
  await page.waitForFunction(() => /sweep 6 \/ 6/.test(document.querySelector('[data-testid=step-index]').textContent));
  assert.equal(Number(await text(page, 'grad-a')), -24);
  // a learning step from the card: each input against its credit, f falls
  await click(page, 'tour-learn');
  assert.match(await text(page, 'tour-learn-said'), /^f fell from 16 to 8\.0747\./);
  assert.equal(await text(page, 'value-f'), 'f = 8.0747');
  // the next stop puts the worked example back: the words' numbers hold
  await click(page, 'tour-next');
  assert.equal(await text(page, 'value-f'), 'f = 16');
  await page.waitForFunction(() => document.querySelector('[data-testid=grad-a]')?.textContent === '-24');
  for (let i = 4; i <= 6; i++) await click(page, 'tour-next');
  // stop 6: R4 removed on the small graph; its common-belief box is closed
  assert.equal(await text(page, 'tour-count'), 'Tour: stop 6 of 6');
  assert.equal(await page.isChecked('[data-testid=req-R4]'), false);
  assert.equal(await page.$eval('[data-testid=tour-myth]', (d) => d.open), false);
  await page.click('[data-testid=tour-myth] summary');
  await click(page, 'tour-choice-1');
  for (let i = 0; i < 6; i++) await click(page, 'step-next');
  await click(page, 'tour-reveal');
  assert.match(await text(page, 'tour-answer'), /^Right\./);
  // the last core stop: no next stop, a summary, the exit ticket, going further offered
  assert.equal(await visible(page, 'tour-next'), false);
  assert.match(await text(page, 'tour-summary'), /Your guesses: 2 of 2 matched the page/);
  const n = await page.$$eval('[data-testid=ticket] .ticket-list > li', (l) => l.length);
  assert.ok(n >= 6, `${n} questions`);
  await page.fill('[data-testid=ticket-name]', 'Ada L');
  for (let k = 0; k < n - 1; k++) await click(page, `ticket-${k}-0`);
  // a question left blank is said before "done" finishes without it
  await click(page, 'ticket-finish');
  assert.match(await text(page, 'ticket-blank'), new RegExp(`^Question ${n} has no answer yet`));
  await click(page, `ticket-${n - 1}-0`);
  // no answer is marked until the student finishes
  assert.equal(await page.$('[data-testid=ticket-result]'), null);
  await click(page, 'ticket-finish');
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'ticket-result');
  const code = await text(page, 'ticket-code');
  assert.match(code, new RegExp(`^CF1\\.ADA-L\\.1-6\\.A{${n}}\\.[A-Z2-9]{2}$`));
  // going further: the stops past the core, asked for
  await click(page, 'tour-further');
  assert.equal(await text(page, 'tour-count'), 'Tour: stop 7 of 11 (going further)');
  // (the lab is fetched when first opened)
  await page.waitForSelector('[data-testid=lab-run]', { state: 'visible', timeout: 30000 });
  assert.match(await text(page, 'lab-selected'), /feedback alignment/);
  // a newly opened stop's common-belief box is closed
  assert.equal(await page.$eval('[data-testid=tour-myth]', (d) => d.open), false);
  // a reveal that needs a run asks for the run first
  await click(page, 'tour-choice-0');
  assert.match(await text(page, 'tour-reveal'), /press ▶ run in the lab/);
  await click(page, 'tour-reveal');
  assert.equal(await page.$('[data-testid=tour-answer]'), null);
  await click(page, 'lab-run');
  await page.waitForFunction(() => /reveal the answer/.test(document.querySelector('[data-testid=tour-reveal]').textContent), null, { timeout: 90000 });
  await click(page, 'tour-reveal');
  assert.match(await text(page, 'tour-answer'), /^Right\./);
  // the perturbation stop: predict, reveal, then say what the scaling chart showed
  await click(page, 'tour-next');
  await click(page, 'tour-choice-1');
  await click(page, 'tour-reveal');
  await click(page, 'seen-choice-2');
  await page.waitForFunction(() => /Look again: the page's run shows “fell”|still computing/.test(document.querySelector('[data-testid=seen-verdict]')?.textContent));
  await page.waitForFunction(() => document.querySelector('[data-testid=scaling-status]')?.textContent.startsWith('computed'), null, { timeout: 60000 });
  await click(page, 'seen-choice-0');
  assert.match(await text(page, 'seen-verdict'), /^Right: that is what the page's run shows/);
  for (let i = 9; i <= 10; i++) await click(page, 'tour-next');
  // Part 5: the Agents view, with its run button outlined; nothing runs by itself
  assert.ok(await visible(page, 'agents-run'));
  assert.match(await text(page, 'tour-title'), /critique/);
  assert.match(await text(page, 'agents-status'), /^Press run/);
  await click(page, 'tour-next');
  // the last stop: the apūrva hierarchy on the worked example's graph
  await page.waitForFunction(() => document.querySelector('[data-testid=value-f]')?.textContent === 'f = 6');
  assert.ok(await page.isVisible('[data-testid=graph-svg] [aria-label^="principal = +"]'));
  await click(page, 'tour-backward');
  await page.waitForFunction(() => /sweep (\d+) \/ \1/.test(document.querySelector('[data-testid=step-index]').textContent));
  assert.match(await text(page, 'tour-summary'), /Your guesses: 4 of 4/);
  assert.match(await page.getAttribute('[data-testid=tour-essay-link]', 'href'), /^https:\/\/rajeshrmahapatra\.com\//);
  await click(page, 'tour-finish');
  assert.equal(await visible(page, 'tour-card'), false);
  // the focus goes to the summary and its exit ticket, never to the document
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'tour-summary-title');
  // finishing returns to the worked example, whole: every credit shown, no outline left
  assert.equal(await text(page, 'value-f'), 'f = 16');
  assert.match(await text(page, 'step-index'), /^sweep (\d+) \/ \1$/);
  assert.equal(await page.$$eval('.tour-focus, .tour-ask', (e) => e.length), 0);
  // the teacher reads the code back into a class summary; a mistyped one is refused by name
  await click(page, 'teacher-open');
  const typo = code.replace(/\.A/, '.B');
  await page.fill('[data-testid=class-codes]', `${code}\n${typo}`);
  await click(page, 'class-read');
  assert.match(await text(page, 'class-refused'), new RegExp(typo.replace(/\./g, '\\.')));
  assert.match(await page.textContent('[data-testid=class-summary] caption'), /^1 student: Ada L/);
  await page.fill('[data-testid=class-codes]', 'nonsense');
  await click(page, 'class-read');
  assert.match(await page.textContent('[data-testid=class-summary] caption'), /^1 student: Ada L/, 'nothing lost');
  await page.reload();
  await page.waitForSelector('[data-testid=tour-start]');
  assert.equal(await text(page, 'tour-start'), 'Tour done ✓ (see stop 11 again)');
  assert.equal(await text(page, 'value-f'), 'f = 16');
  assert.equal(await visible(page, 'tour-offer'), false);
  assert.deepEqual(problems, []);
  await context.close();
});

/** Per open stop: every outlined subject and asked-for control whose box
 * is off the screen or touches the card. */
const covered = (page) => page.evaluate(() => {
  const card = document.querySelector('[data-testid=tour-card]').getBoundingClientRect();
  const bad = [];
  const els = [...document.querySelectorAll('.tour-focus, .tour-ask')];
  if (!els.length) bad.push('no subject outlined');
  for (const e of els) {
    const r = e.getBoundingClientRect();
    const on = r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
    const hit = !(r.right <= card.left || r.left >= card.right || r.bottom <= card.top || r.top >= card.bottom);
    if (!on || hit) bad.push(`${e.dataset.testid} ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}${on ? '' : ' off the screen'}${hit ? ` under the card (${Math.round(card.top)}–${Math.round(card.bottom)})` : ''}`);
  }
  return bad;
});

test('every tour stop, at five sizes in both themes: what the card asks for is whole on screen and clear of the card', async () => {
  const sizes = [[360, 740], [390, 844], [1024, 768], [1280, 800], [1366, 768]];
  for (const [width, height] of sizes) {
    for (const colorScheme of ['light', 'dark']) {
      const phone = width < 500;
      const { page, problems, context } = await site.open('', { viewport: { width, height }, isMobile: phone, hasTouch: phone, colorScheme });
      const at = `${width}×${height} ${colorScheme}`;
      // the phone's first screen holds f's value and the whole graph
      if (phone) {
        const [f, g] = await Promise.all(['value-f', 'graph-svg'].map((id) => page.locator(`[data-testid=${id}]`).boundingBox()));
        assert.ok(f.y >= 0 && g.y + g.height <= height && g.x >= 0 && g.x + g.width <= width, `${at}: f at ${f.y}, graph ${g.y}–${g.y + g.height}`);
      }
      // a phone reads the card first, then puts it away to look and act:
      // the subject is checked in the bar, and the card opens again
      const readThenAct = width < 700;
      const subjectClear = async (where, revealed = false) => {
        if (readThenAct) {
          assert.match(await page.getAttribute('[data-testid=tour-card]', 'class'), /\bread\b/, `${where}: a phone opens the card to read`);
          // in the page under its subject: the subject whole and clear of
          // it, the card's head on screen, and one scroll only (the page's:
          // neither the card nor the step's words scroll in a box of their own)
          // (a reveal scrolls to its answer, below the subject)
          if (!revealed) assert.deepEqual(await covered(page), [], `${where}, reading`);
          const boxes = await page.evaluate(() => ['tour-card', 'arith'].map((id) => {
            const e = document.querySelector(`[data-testid=${id}]`);
            return { id, top: e.getBoundingClientRect().top, over: e.scrollHeight - e.clientHeight };
          }));
          assert.ok(boxes[0].top < height - 90, `${where}: the card's head at ${boxes[0].top}`);
          for (const b of boxes) assert.ok(b.over <= 1, `${where}: ${b.id} scrolls ${b.over} px in a box of its own`);
          await click(page, 'tour-minimise');
          await page.waitForTimeout(300);
          assert.match(await page.getAttribute('[data-testid=tour-card]', 'class'), /\bbar\b/, where);
        }
        assert.deepEqual(await covered(page), [], where);
        if (readThenAct) await click(page, 'tour-minimise');
      };
      await click(page, 'tour-offer-start');
      for (let stop = 1; ; stop++) {
        await page.waitForTimeout(700);
        const where = `${at} stop ${stop} (${await text(page, 'tour-title')})`;
        await subjectClear(where);
        // nothing answers before a choice: no answer, no open box
        assert.equal(await page.$('[data-testid=tour-answer]'), null, where);
        assert.deepEqual(await page.$$eval('.tour-card details[open]', (d) => d.length), 0, where);
        if (stop === 2) {
          await click(page, 'tour-choice-0');
          if (readThenAct) {
            // the guess made, the card makes way for the steps, and comes back for the reveal
            await page.waitForSelector('[data-testid=tour-card].bar');
            assert.deepEqual(await covered(page), [], `${where}, guessed`);
            assert.match(await text(page, 'tour-act'), /next ▶/i, where);
          }
          await page.evaluate(() => { for (let i = 0; i < 6; i++) document.querySelector('[data-testid=step-next]').click(); });
          if (await page.$('[data-testid=tour-card].bar')) {
            // the bar's button says the reveal is ready, and reveals: the card opens at the answer
            await page.waitForFunction(() => document.querySelector('[data-testid=tour-minimise]').textContent === '▴ reveal');
            await click(page, 'tour-minimise');
          } else await click(page, 'tour-reveal');
          await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'tour-answer');
          await page.waitForTimeout(900);
          // the reveal's subject (the step text) is on screen too
          await subjectClear(`${where}, revealed`, true);
        }
        if (await visible(page, 'tour-next')) await click(page, 'tour-next');
        else if (await visible(page, 'tour-further')) {
          // the card makes way for the summary, where "going further" is
          await click(page, 'tour-finish');
          await click(page, 'tour-further');
        } else break;
      }
      assert.equal(await text(page, 'tour-count'), 'Tour: stop 11 of 11 (going further)', at);
      assert.deepEqual(problems, [], at);
      await context.close();
    }
  }
});

test('the first screen: on a phone f and the whole graph; at 1280 × 800 the step\'s words beside the graph, its text at least 13 px', async () => {
  const { page, problems, context } = await site.open('', { viewport: { width: 1280, height: 800 } });
  const [g, a] = await Promise.all(['graph-svg', 'arith'].map((id) => page.locator(`[data-testid=${id}]`).boundingBox()));
  assert.ok(g.y + g.height <= 800 && a.y + Math.min(a.height, 200) <= 800 && a.x >= g.x + g.width, `graph ${JSON.stringify(g)}, words ${JSON.stringify(a)}`);
  const smallest = await page.evaluate(() => {
    const svg = document.querySelector('[data-testid=graph-svg]');
    const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return Math.min(...[...svg.querySelectorAll('text')].map((n) => parseFloat(getComputedStyle(n).fontSize) * k));
  });
  assert.ok(smallest >= 12.95, `graph text ${smallest} px`);
  // the phone's menu is a disclosure: Escape closes it and the focus returns to its button
  const phone = await site.open('', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  assert.equal(await visible(phone.page, 'nav-lab'), false);
  await click(phone.page, 'menu-open');
  assert.equal(await phone.page.getAttribute('[data-testid=menu-open]', 'aria-expanded'), 'true');
  await phone.page.focus('[data-testid=nav-lab]');
  await phone.page.keyboard.press('Escape');
  assert.equal(await visible(phone.page, 'nav-lab'), false);
  assert.equal(await focused(phone.page), 'menu-open');
  assert.deepEqual([...problems, ...phone.problems], []);
  await phone.context.close();
  await context.close();
});

test('on a phone, stop 5\'s removals stay in the bar, one tap each, and the step buttons and the step\'s number are one row', async () => {
  const { page, problems, context } = await site.open('', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const [reset, index] = await Promise.all(['step-reset', 'step-index'].map((id) => page.locator(`[data-testid=${id}]`).boundingBox()));
  assert.ok(Math.abs((index.y + index.height / 2) - (reset.y + reset.height / 2)) < 12, `reset ${JSON.stringify(reset)}, index ${JSON.stringify(index)}`);
  await click(page, 'tour-offer-start');
  for (let i = 0; i < 4; i++) await click(page, 'tour-next');
  await click(page, 'tour-try-0');
  await page.waitForTimeout(600);
  // the card made way; the bar holds the next removal
  assert.equal(await page.isChecked('[data-testid=req-R1]'), false);
  await click(page, 'tour-bar-try-1');
  assert.equal(await page.isChecked('[data-testid=req-R1]'), true);
  assert.equal(await page.isChecked('[data-testid=req-R2]'), false);
  assert.equal(await page.getAttribute('[data-testid=tour-bar-try-1]', 'aria-pressed'), 'true');
  assert.match(await text(page, 'tour-act'), /^R2 removed/);
  assert.equal(await page.getAttribute('[data-testid=tour-bar-try-1]', 'aria-label'), 'remove R2: each step\'s own rate');
  const bar = await page.locator('[data-testid=tour-card]').boundingBox();
  assert.ok(bar.y + bar.height <= 740.5 && bar.height < 300, `bar ${JSON.stringify(bar)}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a closed tour says where it stopped, with the way back to it and to the exit ticket; a reveal pressed too soon shows what it waits for', async () => {
  const { page, problems, context } = await site.open('', { viewport: { width: 1366, height: 768 } });
  // a teacher's way in, from the first screen
  await click(page, 'tour-offer-teacher');
  await page.waitForSelector('[data-testid=teacher-panel]', { state: 'visible', timeout: 10000 });
  await click(page, 'teacher-open');
  await click(page, 'tour-offer-start');
  await click(page, 'tour-next');
  await click(page, 'tour-reveal');
  await page.waitForTimeout(200);
  assert.equal(await focused(page), 'tour-choice-0', 'no choice yet: the reveal points at the choices');
  // on the learn path the step's words carry no calculus notation, and
  // not after the tour closes either (a visitor who never opens it reads
  // the notation: the test of a hidden notation below)
  for (let i = 0; i < 4; i++) await click(page, 'step-next');
  assert.doesNotMatch(await text(page, 'arith'), /∂|d\(/);
  assert.match(await text(page, 'arith'), /local rate b = −3/);
  await click(page, 'tour-close');
  assert.doesNotMatch(await text(page, 'arith'), /∂|d\(/);
  assert.match(await text(page, 'tour-paused'), /closed at stop 2 of 6/);
  await page.waitForTimeout(200);
  assert.equal(await focused(page), 'tour-resume');
  await click(page, 'tour-to-ticket');
  await page.waitForTimeout(200);
  assert.equal(await focused(page), 'tour-summary-title');
  assert.equal(await visible(page, 'ticket'), true);
  await click(page, 'tour-resume');
  assert.equal(await text(page, 'tour-count'), 'Tour: stop 2 of 6');
  assert.equal(await visible(page, 'tour-paused'), false);
  // the teacher tries the class's link in this browser: it opens at its
  // first stop with the teacher's note in view, and the teacher's own page
  // keeps its own tour (closed here)
  await click(page, 'tour-close');
  const preview = await context.newPage();
  await preview.goto(site.base + '?tour=1&stops=1-3&hide=nav,teacher');
  await preview.waitForSelector('[data-testid=tour-card]', { state: 'visible' });
  await preview.waitForTimeout(1800);
  assert.equal(await preview.evaluate(() => scrollY), 0, 'the class link opens with its note in view');
  assert.match(await text(preview, 'teacher-setup'), /tour stops 1–3/);
  await click(preview, 'tour-next');
  assert.equal(await text(preview, 'tour-count'), 'Tour: stop 2 of 3');
  await preview.close();
  await page.reload();
  await page.waitForSelector('[data-testid=tour-paused]', { state: 'visible' });
  assert.equal(await visible(page, 'tour-card'), false);
  assert.match(await text(page, 'tour-paused'), /closed at stop 2 of 6/);
  // the line can be put away (the header's button resumes), with the focus kept on the page
  await click(page, 'tour-paused-hide');
  assert.equal(await visible(page, 'tour-paused'), false);
  await page.waitForTimeout(200);
  assert.equal(await focused(page), 'tour-start');
  await page.reload();
  await page.waitForSelector('[data-testid=tour-start]', { state: 'visible' });
  assert.equal(await visible(page, 'tour-paused'), false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a phone the learning step puts the card away: f on screen, the bar saying what the step did', async () => {
  const { page, problems, context } = await site.open('', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await click(page, 'tour-offer-start');
  await click(page, 'tour-next');
  await click(page, 'tour-choice-1');
  await page.waitForSelector('[data-testid=tour-card].bar');
  for (let i = 0; i < 6; i++) await click(page, 'step-next');
  await page.waitForFunction(() => document.querySelector('[data-testid=tour-minimise]').textContent === '▴ reveal');
  await click(page, 'tour-minimise');
  await click(page, 'tour-learn');
  await page.waitForSelector('[data-testid=tour-card].bar');
  await page.waitForTimeout(600);
  assert.match(await text(page, 'tour-act'), /^f fell from 16 to 8\.0747\./);
  const bar = await page.locator('[data-testid=tour-card]').boundingBox();
  // (the learn path's graph rounds to two decimals: the words keep 8.0747)
  const out = await page.evaluate(() => {
    const t = [...document.querySelectorAll('[data-testid=graph-svg] text.node-value')].find((n) => n.textContent === 'value 8.07');
    const r = t?.getBoundingClientRect();
    return r ? { top: r.top, bottom: r.bottom } : null;
  });
  assert.ok(out && out.top >= 0 && out.bottom <= bar.y, `f's new value ${JSON.stringify(out)}, bar at ${bar.y}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a phone the page ends with the card, the reveal shows the learning step, and the bar offers it too', async () => {
  const { page, problems, context } = await site.open('', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await click(page, 'tour-offer-start');
  await click(page, 'tour-next');
  await page.waitForTimeout(600);
  // nothing of the page under the card: it ends where the card ends
  const ends = () => page.evaluate(() => {
    const c = document.querySelector('[data-testid=tour-card]').getBoundingClientRect();
    return { page: document.documentElement.scrollHeight, card: Math.ceil(c.bottom + scrollY) };
  });
  let e = await ends();
  assert.ok(e.page <= e.card + 2, `the page goes on ${e.page - e.card} px under the card`);
  await click(page, 'tour-choice-1');
  await page.waitForSelector('[data-testid=tour-card].bar');
  for (let i = 0; i < 6; i++) await click(page, 'step-next');
  await page.waitForFunction(() => document.querySelector('[data-testid=tour-minimise]').textContent === '▴ reveal');
  // b's credit, read off the graph in the bar before the reveal
  await page.fill('[data-testid=bar-observe]', '16');
  await click(page, 'bar-observe-check');
  await click(page, 'tour-minimise');
  await page.waitForTimeout(900);
  // answered already: the card does not ask it again
  assert.equal(await page.locator('[data-testid=tour-observe]').count(), 0);
  // the verdict, and under it (on screen) the learning step
  const box = await page.locator('[data-testid=tour-learn-box]').boundingBox();
  const verdict = await page.locator('[data-testid=tour-answer]').boundingBox();
  assert.ok(verdict.y >= 0 && box.y > verdict.y && box.y < 740 - 60, `learning step at ${box.y}, verdict at ${verdict.y}`);
  e = await ends();
  assert.ok(e.page <= e.card + 2, `after the reveal the page goes on ${e.page - e.card} px under the card`);
  // put away: the bar has the step, with the graph in view
  await click(page, 'tour-minimise');
  await page.waitForSelector('[data-testid=tour-card].bar');
  assert.match(await text(page, 'tour-act'), /learn one step/);
  await click(page, 'tour-bar-learn');
  await page.waitForFunction(() => /^f fell from 16/.test(document.querySelector('[data-testid=tour-act]').textContent));
  assert.equal(await page.locator('[data-testid=tour-bar-learn]').count(), 0, 'the bar offers the step once');
  // and puts the numbers back
  await click(page, 'tour-bar-undo');
  await page.waitForFunction(() => document.querySelector('[data-testid=value-f]').textContent === 'f = 16');
  await page.waitForSelector('[data-testid=tour-bar-learn]');
  // the cost table counts forward mode as it says: f once, then a pass per input
  await page.waitForSelector('[data-testid=ops-forward-how]', { state: 'attached', timeout: 10000 });
  assert.match(await page.textContent('[data-testid=ops-forward-how]'), /3 inputs, each 2× f: 1 \+ 3 × 2 = 7$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a teacher link with hidden controls reproduces its state', async () => {
  const { page, problems, context } = await site.open();
  await page.fill('[data-testid=expr-input]', 'tanh(w*x+b)^2');
  await page.fill('[data-testid=var-w]', '0.5');
  await page.press('[data-testid=var-w]', 'Enter');
  await click(page, 'step-next');
  await click(page, 'step-next');
  await click(page, 'req-R2');
  await click(page, 'teacher-open');
  // a first visit chooses lesson 1 (stops 1–3, the worked example only)
  assert.equal(await page.getAttribute('[data-testid=teacher-school]', 'aria-pressed'), 'true');
  assert.match(await page.inputValue('[data-testid=teacher-link]'), /stops=1-3/);
  await click(page, 'teacher-everything');
  await page.click('[data-testid=teacher-custom] summary');
  await click(page, 'teacher-hide-expr');
  await click(page, 'teacher-hide-req');
  await page.selectOption('[data-testid=teacher-tour]', '3');
  // unless told to carry them, the link starts with every requirement kept at step 0
  assert.doesNotMatch(await page.inputValue('[data-testid=teacher-link]'), /req=|step=/);
  await click(page, 'teacher-carry');
  const link = await page.inputValue('[data-testid=teacher-link]');
  assert.match(link, /hide=expr,req/);
  assert.match(link, /req=10111/);
  const f = await text(page, 'value-f');
  // a student's browser: nothing saved
  const student = await site.open(link.slice(site.base.length));
  const s = student.page;
  assert.equal(await text(s, 'value-f'), f);
  assert.equal(await visible(s, 'expr-input'), false);
  assert.equal(await visible(s, 'req-strip'), false);
  assert.match(await text(s, 'step-index'), /^sweep 2 \//);
  assert.equal(await s.isChecked('[data-testid=req-R2]'), false);
  assert.equal(await text(s, 'tour-count'), 'Tour: stop 3 of 6');
  // the link says how it set the page up, at the top
  assert.match(await text(s, 'teacher-setup'), /R2 removed/);
  assert.deepEqual([...problems, ...student.problems], []);
  await student.context.close();
  await context.close();
});

test('a teacher\'s stops, a hidden tour or panel, and a locked view hold: the tour never leads into a hidden view', async () => {
  const { page, problems, context } = await site.open();
  await click(page, 'teacher-open');
  assert.match(await text(page, 'teacher-not-a-lock'), /cannot lock them/);
  // a ready-made lesson: its stops, opened at its first, the worked example only
  await click(page, 'teacher-second');
  assert.equal(await page.getAttribute('[data-testid=teacher-second]', 'aria-pressed'), 'true');
  assert.match(await text(page, 'teacher-chosen'), /stops 4–6, open at stop 4; students see the worked example only/);
  assert.match(await page.inputValue('[data-testid=teacher-link]'), /stops=4-6/);
  assert.equal(await visible(page, 'teacher-clash'), false);
  await click(page, 'teacher-everything');
  assert.match(await text(page, 'teacher-chosen'), /stops 1–6, which students start themselves; students see everything/);
  await page.click('[data-testid=teacher-custom] summary');
  await page.selectOption('[data-testid=teacher-stops-last]', '3');
  await click(page, 'teacher-hide-teacher');
  await page.selectOption('[data-testid=teacher-tour]', '1');
  const link = await page.inputValue('[data-testid=teacher-link]');
  assert.match(link, /stops=1-3/);
  assert.match(link, /hide=teacher/);
  // the worksheet and its answer key, of the same stops
  await click(page, 'print-worksheet');
  assert.match(await text(page, 'worksheet'), /worksheet, tour stops 1–3/);
  assert.doesNotMatch(await text(page, 'worksheet'), /☑/);
  await click(page, 'print-key');
  assert.match(await text(page, 'answer-key'), /☑ f would fall/);
  const student = await site.open(link.slice(site.base.length));
  const s = student.page;
  // the tour is there, the teacher panel is not; three stops, then the end
  assert.equal(await visible(s, 'teacher-open'), false);
  assert.equal(await text(s, 'tour-count'), 'Tour: stop 1 of 3');
  await click(s, 'tour-next');
  await click(s, 'tour-next');
  assert.equal(await visible(s, 'tour-next'), false);
  assert.equal(await visible(s, 'tour-further'), false);
  assert.match(await text(s, 'teacher-setup'), /tour stops 1–3/);
  await student.context.close();
  // a link locked to the worked example, with every stop: the tour skips the other views
  const locked = await site.open('?hide=nav&stops=1-11&tour=1');
  const l = locked.page;
  assert.equal(await visible(l, 'nav-lab'), false);
  const titles = [];
  for (;;) {
    titles.push(await text(l, 'tour-title'));
    assert.equal(new URL(l.url()).searchParams.get('view') ?? 'graph', 'graph', titles.at(-1));
    assert.equal(await l.isVisible('[data-room=lab]'), false);
    if (!(await visible(l, 'tour-next'))) break;
    await click(l, 'tour-next');
  }
  assert.ok(titles.length === 7 && /apūrva/.test(titles.at(-1)), titles.join(' | '));
  await click(l, 'tour-finish');
  assert.equal(new URL(l.url()).searchParams.get('view') ?? 'graph', 'graph');
  // a link that hides the tour shows no tour
  const quiet = await site.open('?hide=tour&tour=2');
  assert.equal(await visible(quiet.page, 'tour-card'), false);
  assert.equal(await visible(quiet.page, 'tour-offer'), false);
  assert.ok(await visible(quiet.page, 'teacher-open'));
  assert.deepEqual([...problems, ...student.problems, ...locked.problems, ...quiet.problems], []);
  await locked.context.close();
  await quiet.context.close();
  await context.close();
});

/** Visible controls that stick out of the screen or are smaller than
 * `min` px tall (a checkbox or radio counts its label). */
const offenders = (page, min) => page.evaluate((min) => {
  const bad = [];
  const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
    const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll') return true; } return false; };
  for (const el of document.querySelectorAll('button, input, select, summary, a[href], textarea')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || el.closest('.hidden, .sr-only, .skip')) continue;
    // a glossary term inside a sentence: an inline target (WCAG 2.5.8's exception)
    if (min && el.classList.contains('term')) continue;
    if (el.type === 'file') continue; // drawn by its label
    const target = (el.type === 'checkbox' || el.type === 'radio') && el.closest('label') ? el.closest('label').getBoundingClientRect() : r;
    const name = el.dataset.testid || el.textContent.trim().slice(0, 20) || el.outerHTML.slice(0, 40);
    if (!scrolls(el) && (r.right > innerWidth + 0.5 || r.left < -0.5)) bad.push(`${name}: outside (${r.left.toFixed(0)}–${r.right.toFixed(0)})`);
    if (min && target.height < min - 0.5) bad.push(`${name}: ${target.height.toFixed(0)} px tall`);
  }
  return bad;
}, min);

const noHorizontalScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth);

test('at 360 × 740 on a phone: no horizontal scroll, every control on screen and 44 px tall', async () => {
  const { page, problems, context } = await site.open('', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  for (const view of ['nav-graph', 'nav-lab', 'nav-agents']) {
    await goTo(page, view);
    await page.waitForTimeout(300);
    assert.equal(await visible(page, view), false, `${view}: choosing a view closes the menu`);
    assert.ok(await noHorizontalScroll(page) <= 360, `${view}: page is ${await noHorizontalScroll(page)} px wide`);
    assert.deepEqual(await offenders(page, 44), [], view);
  }
  // the teacher panel fits as well; opening it closes the menu
  await goTo(page, 'teacher-open');
  assert.equal(await visible(page, 'teacher-open'), false, 'the menu makes way for the panel');
  assert.deepEqual(await offenders(page, 44), [], 'teacher panel');
  await page.click('[data-testid=teacher-custom] summary');
  assert.deepEqual(await offenders(page, 44), [], 'teacher panel, its choices open');
  await goTo(page, 'teacher-open');
  // two fingers spread apart on the graph zoom it in
  await goTo(page, 'nav-graph');
  const svg = '[data-testid=graph-svg]';
  await page.locator('.graph-wrap').scrollIntoViewIfNeeded();
  const box = await page.locator('.graph-wrap').boundingBox();
  const before = (await page.locator(svg).boundingBox()).width;
  const cdp = await context.newCDPSession(page);
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const fingers = (d) => [{ x: cx - d, y: cy, id: 0 }, { x: cx + d, y: cy, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
  for (const d of [50, 60, 70, 80]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(200);
  const after = (await page.locator(svg).boundingBox()).width;
  assert.ok(after > before * 1.5, `pinch: graph ${before} → ${after} px wide`);
  assert.ok(await noHorizontalScroll(page) <= 360, 'the zoomed graph scrolls inside its frame');
  // the tour's card fits too
  await click(page, 'zoom-fit');
  await page.evaluate(() => scrollTo(0, 0));
  await click(page, 'tour-offer-start');
  assert.ok(await noHorizontalScroll(page) <= 360);
  // a revealed answer is scrolled into the card's view, not left below it
  await click(page, 'tour-next');
  await click(page, 'tour-choice-0');
  // step the sweep to its end (the buttons under the graph, behind the sheet)
  await page.evaluate(() => { for (let i = 0; i < 6; i++) document.querySelector('[data-testid=step-next]').click(); });
  await click(page, 'tour-reveal');
  await page.waitForTimeout(300);
  const [card, answer] = await Promise.all(['tour-card', 'tour-answer'].map((id) => page.locator(`[data-testid=${id}]`).boundingBox()));
  assert.ok(answer.y >= card.y && answer.y < card.y + card.height, `answer at ${answer.y}, card ${card.y}–${card.y + card.height}`);
  // the card can be made small, to see the page behind it
  await click(page, 'tour-minimise');
  assert.equal(await visible(page, 'tour-answer'), false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('at 1280 px, and on a projector (1280 × 720 at 150%), nothing is clipped', async () => {
  for (const [options, path] of [[{ viewport: { width: 1280, height: 800 } }, ''],
    [{ viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 }, '?proj=1']]) {
    const { page, problems, context } = await site.open(path, options);
    for (const view of ['nav-graph', 'nav-lab', 'nav-agents']) {
      await click(page, view);
      await page.waitForTimeout(300);
      const w = options.viewport.width;
      assert.ok(await noHorizontalScroll(page) <= w, `${path} ${view}: ${await noHorizontalScroll(page)} px wide at ${w}`);
      assert.deepEqual(await offenders(page, 0), [], `${path} ${view}`);
    }
    if (path) {
      // projector mode: the step text sits beside the graph, above the fold
      await click(page, 'nav-graph');
      const arith = await page.locator('[data-testid=arith]').boundingBox();
      assert.ok(arith.y < 480, `step text starts at ${arith.y}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('both themes have no serious accessibility violations (axe-core, WCAG A and AA)', async () => {
  for (const colorScheme of ['light', 'dark']) {
    // the checker is injected as an inline script, which the page's own
    // policy forbids: this context alone sets the policy aside
    const { page, problems, context } = await site.open('', { colorScheme, bypassCSP: true });
    const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.equal(bg === 'rgb(18, 22, 28)', colorScheme === 'dark', `${colorScheme}: the page is ${bg}`);
    await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
    // every view, and the panels and the tour's card over the worked example
    for (const view of ['nav-graph', 'nav-lab', 'nav-studies', 'nav-agents', 'help-open', 'teacher-open', 'tour-offer-start']) {
      if (view === 'tour-offer-start') await click(page, 'nav-graph');
      await click(page, view);
      await page.waitForTimeout(800);
      const result = await page.evaluate(() => axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] }));
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      assert.deepEqual(serious, [], `${colorScheme} ${view}`);
    }
    await page.screenshot({ path: `target/theme-${colorScheme}.png` });
    assert.deepEqual(problems, []);
    await context.close();
  }
});

/** Presses Tab until the element with `data-testid=id` has focus. */
async function tabTo(page, id) {
  for (let i = 0; i < 300; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.dataset?.testid === id, id)) return;
  }
  throw new Error(`Tab never reached ${id}`);
}

test('the keyboard alone steps the sweep, reads a node, and runs the lab', async () => {
  const { page, problems, context } = await site.open('?steps=200');
  await tabTo(page, 'step-next');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  assert.match(await text(page, 'step-index'), /^sweep 2 \//);
  // every node of the graph is reachable and says what it holds
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowRight');
  assert.match(await text(page, 'step-index'), /^sweep 3 \//);
  const labels = await page.$$eval('[data-testid=graph-svg] [role=listitem]', (n) => n.map((e) => e.getAttribute('aria-label')));
  assert.ok(labels.some((l) => /^v = \+, value 4; credit \+8; arrived: \+8 from f/.test(l)), labels.join('\n'));
  await tabTo(page, 'nav-lab');
  await page.keyboard.press('Enter');
  await tabTo(page, 'lab-run');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 60000 });
  assert.match(await text(page, 'lab-announce'), /^Training done\. Test scores, lower is better: exact backprop [0-9.]+\. Nothing else ran: untick a requirement above \(or add a method\) to race a rule against it\.$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a preset tried during the tour is put back at the next stop: the stop\'s words and its graph agree', async () => {
  const { page, problems, context } = await site.open();
  await click(page, 'tour-offer-start');
  for (let i = 0; i < 4; i++) await click(page, 'tour-next');
  assert.match(await text(page, 'tour-count'), /stop 5 of/);
  await click(page, 'tour-try-3');
  await page.locator('[data-testid=try-fan-out]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=expr-input]').value === '(a+b)*(b+1)');
  await click(page, 'tour-next');
  assert.match(await text(page, 'tour-count'), /stop 6 of/);
  await page.waitForFunction(() => document.querySelector('[data-testid=expr-input]').value === '(a*b+c)^2', null, { timeout: 5000 });
  assert.equal(await text(page, 'value-f'), 'f = 16');
  assert.deepEqual(problems, []);
  await context.close();
});

/** From the page's top, Tab (and Enter on the skip link to it) until
 * `id` has the focus: how many Tabs that took, or Infinity after 40. */
async function keysTo(page, id, skip) {
  await page.evaluate(() => document.activeElement?.blur());
  for (let tabs = 1; tabs <= 40; tabs++) {
    await page.keyboard.press('Tab');
    if (await focused(page) === id) return tabs;
    if (await page.evaluate((s) => document.activeElement?.textContent === s, skip)) {
      await page.keyboard.press('Enter');
      await page.waitForFunction((id) => document.activeElement?.dataset?.testid === id, id, { timeout: 5000 }).catch(() => {});
      if (await focused(page) === id) return tabs;
    }
  }
  return Infinity;
}

test('by keyboard and screen reader: skip links, focus never on the page, Escape closes, a view switch and a removal said', async () => {
  const { page, problems, context } = await site.open();
  assert.ok(await keysTo(page, 'step-next', 'Skip to the step buttons') <= 12, 'next ▶ within 12 Tabs');
  // next ▶ at the sweep's end keeps the focus (it says it cannot act)
  for (let i = 0; i < 8; i++) await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'step-next');
  assert.equal(await page.getAttribute('[data-testid=step-next]', 'aria-disabled'), 'true');
  // unticking R4 says what broke, with the numbers (the table's ✗ rows)
  await page.focus('[data-testid=req-R4]');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('[data-testid=reqs-said]')?.textContent !== '');
  assert.match(await text(page, 'reqs-said'),
    /^R4 removed: 2 credits wrong: a's is [−+][0-9.]+ instead of −24, b's is [−+][0-9.]+ instead of \+16; still right: c's \+8\. Same direction as the true credits: −?[0-9.]+ \(1 = exactly\)\.$/);
  assert.equal(await page.getAttribute('[data-testid=reqs-said]', 'role'), 'status');
  await page.keyboard.press('Space');
  assert.match(await text(page, 'reqs-said'), /^All five requirements kept: every credit matches the nudges: a's −24, b's \+16, c's \+8\.$/);
  // Help and the teacher's panel: opened, the focus on their heading;
  // Escape closes them and gives the focus back to their button
  for (const [open, title, panel] of [['help-open', 'help-title', 'help-panel'], ['teacher-open', 'teacher-title', 'teacher-panel']]) {
    await page.focus(`[data-testid=${open}]`);
    await page.keyboard.press('Enter');
    await page.waitForFunction((t) => document.activeElement?.dataset?.testid === t, title, { timeout: 10000 });
    await page.keyboard.press('Escape');
    assert.equal(await visible(page, panel), false, `${panel} closed`);
    await page.waitForFunction((b) => document.activeElement?.dataset?.testid === b, open);
  }
  // a view switch: the focus on the new view's heading, the window's title
  await page.focus('[data-testid=nav-lab]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'view-title');
  assert.equal(await text(page, 'view-title'), 'Lab — Credit Flow');
  assert.equal(await page.title(), 'Lab — Credit Flow');
  // from the top of the lab (its link reloaded): ▶ run within 12 Tabs;
  // run and pause keep the focus while they cannot act
  await page.reload();
  await page.waitForSelector('[data-testid=lab-run]');
  assert.ok(await keysTo(page, 'lab-run', 'Skip to ▶ run') <= 12, '▶ run within 12 Tabs');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('[data-testid=lab-run]', 'aria-disabled'), 'true');
  assert.equal(await focused(page), 'lab-run');
  await page.focus('[data-testid=lab-pause]');
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'lab-pause');
  assert.deepEqual(problems, []);
  await context.close();
});

test('by keyboard and screen reader: the graph one stop with a cursor, the check said, the guesses a radio group, J to the stop and back, the lab\'s end said', async () => {
  let { page, problems, context } = await site.open('?tour=2');
  const said = (id) => page.textContent(`[data-testid=${id}]`);
  // the graph: one Tab stop; ↓ moves its cursor (the frame's active
  // descendant, read out), → still steps the sweep and the focus stays
  await page.focus('[data-testid=graph-frame]');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getAttribute('[data-testid=graph-frame]', 'aria-activedescendant'), 'node-0');
  assert.match(await page.getAttribute('#node-0', 'aria-label'), /^a, value 2;/);
  assert.equal(await page.$$eval('[data-testid=graph-svg] [tabindex]', (n) => n.length), 0, 'no node is a Tab stop of its own');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /1 \/ 6/.test(document.querySelector('[data-testid=step-index]').textContent));
  assert.equal(await focused(page), 'graph-frame');
  // the guess: arrows move between the answers without choosing or stepping;
  // Space chooses, the focus stays, and the choice and what is next are said
  await page.focus('[data-testid=tour-choice-0]');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(page), 'tour-choice-1');
  assert.equal(await page.getAttribute('[data-testid=tour-choice-1]', 'aria-checked'), 'false');
  assert.match(await said('step-index'), /1 \/ 6/);
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('[data-testid=tour-choice-1]')?.getAttribute('aria-checked') === 'true');
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'tour-choice-1');
  assert.match(await said('tour-said'), /^Your guess: “.+”\. Now step the sweep to its end .*then reveal\.$/);
  // J: from the card to what the stop asks for (next ▶), and back
  await page.keyboard.press('j');
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'step-next');
  // stepped to the end: the check by nudges is said, with its numbers
  for (let i = 0; i < 6; i++) await page.keyboard.press('Enter');
  await page.waitForFunction(() => /^Checked by small nudges/.test(document.querySelector('[data-testid=reqs-said]').textContent));
  assert.equal(await said('reqs-said'), "Checked by small nudges: a's credit −24 agrees with the nudges' −24; b's credit +16 agrees with the nudges' +16; c's credit +8 agrees with the nudges' +8.");
  // and J again: back to the answer it left
  await page.keyboard.press('j');
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'tour-choice-1');
  // the reveal: the focus on the answer, which reads its verdict and reason
  await page.focus('[data-testid=tour-reveal]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'tour-answer');
  assert.match(await said('tour-answer'), /^(Right\.|Not this time)/);
  // a glossary term: named by its word, its definition said when pressed
  const term = page.locator('button.term:visible').first();
  await term.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#term-said').textContent.length > 20);
  const def = await term.evaluate((t) => document.getElementById(t.getAttribute('aria-describedby')).textContent);
  assert.equal(await page.textContent('#term-said'), def);
  // each requirement's words are its checkbox's description
  assert.match(await page.evaluate(() => document.getElementById(document.querySelector('[data-testid=req-R4]').getAttribute('aria-describedby')).textContent), /^Untick to remove/);
  // the lab: a finished run is said with its scores, and the charts' text
  // alternatives start with what they show
  assert.deepEqual(problems, []);
  await context.close();
  ({ page, problems, context } = await site.open('?view=lab&req=11101&steps=300'));
  await page.focus('[data-testid=lab-run]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Training done/.test(document.querySelector('[data-testid=lab-announce]').textContent), null, { timeout: 120000 });
  assert.equal(await focused(page), 'lab-run');
  assert.match(await said('lab-announce'), /^Training done\. Test scores, lower is better: .*[0-9]\.[0-9]{3}.*times exact backprop's, its updates' angles [0-9]+°, [0-9]+° and [0-9]+°/);
  assert.match(await page.getAttribute('[data-testid=curve-chart]', 'aria-label'), /^Where each curve ends, lowest first \(lower is better\): .*feedback alignment [0-9]\.[0-9]{3} \([0-9.]+ times exact backprop's\)/);
  assert.match(await page.getAttribute('[data-testid=angle-chart]', 'aria-label'), /^The angles from the first measure to the last .*feedback alignment: W₁ from [0-9]+° to [0-9]+°/);
  // the network panel: one Tab stop, the arrows move between units
  const stops = await page.$$eval('.unit-target', (u) => u.filter((x) => x.getAttribute('tabindex') === '0').length);
  assert.equal(stops, 1);
  await page.focus('.unit-target[tabindex="0"]');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('data-j')), '1');
  assert.match(await said('unit-detail'), /unit 2/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('after one visit the page reloads with the network cut, and opens every view', async () => {
  // a visit to the worked example alone: the other views were never opened
  // (the offline status comes with the rooms' wasm, when the page is idle)
  const { page, problems, context } = await site.open('');
  await page.waitForFunction(() => /offline-ready/.test(document.querySelector('[data-testid=offline-status]')?.textContent), null, { timeout: 30000 });
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('[data-testid=value-f]', { state: 'attached' });
  assert.equal(await text(page, 'value-f'), 'f = 16');
  // the lab, the studies and the Agents view, a second wasm, from the cache too
  for (const [nav, shows] of [['nav-studies', 'depth-figure'], ['nav-agents', 'agents-run'], ['nav-lab', 'lab-run']]) {
    await click(page, nav);
    await page.waitForSelector(`[data-testid=${shows}]`, { state: 'visible', timeout: 30000 });
  }
  // the lab's workers load offline too
  await click(page, 'lab-run');
  await page.waitForFunction(() => /training|done/.test(document.querySelector('[data-testid=lab-status]').textContent));
  assert.deepEqual(problems, []);
  await context.close();
});

test('present mode in projector type at 1280 × 720: the step buttons sit below the graph, not over it', async () => {
  const { page, problems, context } = await site.open('?present=1&proj=1', { viewport: { width: 1280, height: 720 } });
  await page.waitForSelector('.presenting [data-testid=step-next]');
  const [frame, next] = await page.evaluate(() => ['.presenting .graph-wrap', '.presenting [data-testid=step-next]']
    .map((s) => document.querySelector(s).getBoundingClientRect()).map((b) => [b.top, b.bottom]));
  assert.ok(next[0] >= frame[1], `the graph's frame ends at ${frame[1]}, the next button starts at ${next[0]}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('present mode: one thing per screen, Page Down / Page Up move, the slide is in the link', async () => {
  const { page, problems, context } = await site.open('?present=1', { viewport: { width: 1280, height: 720 } });
  await page.waitForSelector('[data-testid=present-bar]');
  const presenting = () => page.evaluate(() => [...document.querySelectorAll('.presenting')].map((e) => e.dataset.testid || e.querySelector('[data-testid]')?.dataset.testid));
  assert.match(await text(page, 'present-title'), /^1 \/ 6/);
  assert.deepEqual(await presenting(), ['slide-graph']);
  // the slide covers the screen above the bar
  const box = await page.locator('.presenting').boundingBox();
  assert.ok(box.width >= 1270 && box.height >= 600, `${box.width} × ${box.height}`);
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => !!document.querySelector('.presenting [data-testid=fd-table]'));
  assert.match(page.url(), /present=2/);
  // a table's slide covers the screen too (a table itself would not stretch
  // to it, and left the page showing under it)
  const fd = await page.locator('.presenting').boundingBox();
  assert.ok(fd.width >= 1270 && fd.height >= 600, `${fd.width} × ${fd.height}`);
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => !!document.querySelector('figure.presenting [data-testid=curve-chart]'));
  assert.match(page.url(), /view=lab/);
  await page.keyboard.press('PageUp');
  await page.waitForFunction(() => !!document.querySelector('.presenting [data-testid=fd-table]'));
  // the essay's table is not there until shown: the bar says so
  await page.goto(site.base + '?present=6');
  await page.waitForSelector('[data-testid=present-bar]');
  await page.waitForFunction(() => /precomputed table/.test(document.querySelector('[data-testid=present-bar]').textContent));
  await page.keyboard.press('Escape');
  assert.equal(await visible(page, 'present-bar'), false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('present mode in a link that hides the view switch stays in its view; a lab slide runs the lab; Escape goes back', async () => {
  // a lecturer's link to the worked example, the view switch hidden
  const { page, problems, context } = await site.open('?hide=nav', { viewport: { width: 1280, height: 720 } });
  await page.click('[data-testid=present-start]');
  await page.waitForSelector('[data-testid=present-bar]');
  assert.match(await text(page, 'present-title'), /^1 \/ 2 /);
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => !!document.querySelector('.presenting [data-testid=fd-table]'));
  await page.keyboard.press('PageDown');
  await page.waitForTimeout(300);
  assert.match(page.url(), /present=2/);
  assert.doesNotMatch(page.url(), /view=lab/);
  assert.equal(await page.isDisabled('[data-testid=present-next]'), true);
  // a link that asks for a lab slide with the switch hidden is brought back to its own view's
  await page.goto(site.base + '?hide=nav&present=4');
  await page.waitForFunction(() => /present=1/.test(location.search) && !!document.querySelector('.presenting [data-testid=slide-graph], [data-testid=slide-graph].presenting'));
  assert.doesNotMatch(page.url(), /view=lab/);
  // the studies have no slides: a link kept to them says so, and stays
  await page.goto(site.base + '?view=studies&hide=nav');
  await page.waitForSelector('[data-room=studies] > *', { state: 'attached' });
  await page.click('[data-testid=present-start]');
  await page.waitForFunction(() => /no slides/.test(document.querySelector('[data-testid=present-title]')?.textContent ?? ''));
  assert.match(page.url(), /view=studies/);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid=present-bar]'));
  assert.match(page.url(), /view=studies/);
  // from the lab, Present starts at the lab's first slide, offers a run, and Escape returns to the lab
  await page.goto(site.base + '?view=lab');
  await page.waitForSelector('[data-room=lab] > *', { state: 'attached' });
  await page.click('[data-testid=present-start]');
  await page.waitForFunction(() => !!document.querySelector('figure.presenting [data-testid=curve-chart]'));
  assert.match(await text(page, 'present-title'), /^3 \/ 6 /);
  await page.click('[data-testid=present-run]');
  await page.waitForFunction(() => /done/.test(document.querySelector('[data-testid=lab-status]').textContent), null, { timeout: 60000 });
  await page.goto(site.base + '?present=2');
  await page.waitForSelector('[data-testid=present-bar]');
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => /view=lab/.test(location.search));
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !/view=lab/.test(location.search) && !/present=/.test(location.search));
  assert.deepEqual(problems, []);
  await context.close();
});
