// The analysis board in a real browser: Debian's chromium driven by
// playwright-core (never a downloaded browser). Starts `scarney serve --port
// 0`, then: loads the page; opens a book position by its hash and compares
// the move list with `scarney moves --json`; plays a move and steps back;
// edits a position into an illegal one and sees the server's error; reopens
// a shared link; does it all once with the keyboard alone. Screenshots go to
// the output folder.
//
//   node board.test.mjs SCARNEY_BINARY SOURCE_DIR OUT_DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, watchErrors, runChecks } from './server.mjs';
import { startStaticServer } from './static-server.mjs';

const [scarney, sourceDir, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

function cliJson(args) {
  return execFileSync(scarney, args, { cwd: sourceDir, encoding: 'utf8' })
    .split('\n').filter((l) => l).map((l) => JSON.parse(l));
}

const checks = [];
async function step(name, body) {
  const t0 = Date.now();
  try {
    await body();
    checks.push(`ok   ${name} (${Date.now() - t0} ms)`);
    console.log(`ok   ${name}`);
  } catch (e) {
    console.log(`FAIL ${name}\n${e.stack}`);
    e.reported = true;
    throw e;
  }
}

async function movesOnPage(page) {
  return page.$$eval('[data-move]', (bs) => bs.map((b) => ({
    move: b.dataset.move,
    value: b.dataset.value === undefined ? undefined : Number(b.dataset.value),
    wins: b.dataset.wins === undefined ? undefined : b.dataset.wins === 'true',
  })));
}

async function pawnsOnPage(page) {
  return page.$$eval('[data-circle]', (gs) => Object.fromEntries(
    gs.map((g) => [g.dataset.circle, g.querySelector('[data-pawn]')?.dataset.pawn ?? null])));
}

function pawnsOfText(text) {
  const out = {};
  for (let c = 1; c <= 16; ++c) out[`C${c}`] = null;
  for (const line of text.split('\n')) {
    const m = line.match(/^placement:\s*(.*)$/);
    if (m) for (const [, p, c] of m[1].matchAll(/([BRYG][1-4]) on (C\d+)/g)) out[c] = p;
  }
  return out;
}

const doublesDeal = 'game: doubles\nphase: takeoff\nplacement: R3 on C1, B4 on C2, Y4 on C3, G2 on C4, B1 on C5, G3 on C6, R4 on C7, R2 on C8, G1 on C9, Y3 on C10, B2 on C11, Y1 on C12, B3 on C13, G4 on C14, R1 on C15, Y2 on C16\n';
const hashOf = (game, text) => `#game=${game}&pos=${encodeURIComponent(text)}`;
const waitReady = (page) => page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
const waitMoves = (page) => page.waitForSelector('[data-move]', { timeout: 30000 });

const { proc, url } = await startServer(scarney);
const browser = await launchBrowser();
await runChecks(browser, proc, async () => {
  // The page's CSP forbids eval; Playwright's waitForFunction needs it.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const consoleErrors = watchErrors(page);

  const book = await (await fetch(url + 'api/v1/book')).json();
  const eight = book.positions.find((p) => p.title === 'An Eight-Pawn End Game' && p.kind === 'book');
  const trap = book.positions.find((p) => p.title === 'An Eight-Pawn End Game Trap');
  assert.ok(eight && trap, 'the book lists the eight-pawn end game and trap');

  // The target is 1 s (README), measured by tests/web/bench-site.mjs on a
  // quiet machine. Here four browsers share two cores with a sanitizer build
  // (8.2 s seen in CI), so the bound only catches a hang; the figure is shown.
  await step('the page loads and draws the board', async () => {
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForSelector('[data-circle="C16"] .hole', { timeout: 30000 });
    const ms = Date.now() - t0;
    assert.ok(ms < 30000, `board drawn after ${ms} ms`);
    checks.push(`     board drawn ${ms} ms after navigation`);
    assert.equal(await page.locator('[data-circle]').count(), 16);
    await waitReady(page);
    await waitMoves(page);
    const label = await page.getAttribute('[data-circle="C1"]', 'aria-label');
    assert.match(label, /^C1: (black|red|yellow|green) [1-4]/);
    await page.screenshot({ path: `${outDir}/01-start.png`, fullPage: true });
  });

  await step('a book position opened by its hash lists the moves of `moves --json`', async () => {
    await page.goto(url + hashOf('solitaire', eight.position));
    await waitReady(page);
    // A new hash on the same page: the moves listed are the first board's
    // until the new analysis arrives (on a loaded machine, seconds later).
    await page.waitForFunction(() => document.querySelector('[data-move="G3 jumps Y1"]'), null, { timeout: 30000 });
    const expected = cliJson(['moves', '--json', 'positions/book/03-solitaire-eight-pawns.scarney'])[0];
    const shown = await movesOnPage(page);
    assert.deepEqual(shown.map((m) => [m.move, m.value]), expected.moves.map((m) => [m.move, m.value]));
    const solved = cliJson(['solve', '--json', 'positions/book/03-solitaire-eight-pawns.scarney'])[0];
    assert.match(await page.textContent('[data-testid=value]'), new RegExp(`\\b${solved.value}\\b`));
    assert.deepEqual(await pawnsOnPage(page), pawnsOfText(eight.position));
    assert.ok(await page.isVisible('#book-view'), 'the book view is shown');
    assert.ok(await page.isVisible('[data-testid=gives-away]'), 'the move giving points away is marked');
    await page.screenshot({ path: `${outDir}/02-book-eight-pawns.png`, fullPage: true });
  });

  await step('High-Low moves carry wins and payoffs as `moves --json`', async () => {
    await page.goto(url + hashOf('highlow', trap.position));
    await page.reload();
    await waitReady(page);
    await waitMoves(page);
    const expected = cliJson(['moves', '--json', 'positions/book/09-highlow-eight-pawns.scarney'])[0];
    const shown = await movesOnPage(page);
    assert.deepEqual(shown.map((m) => [m.move, m.value, m.wins]),
      expected.moves.map((m) => [m.move, m.value, m.to_move_wins]));
    await page.screenshot({ path: `${outDir}/03-book-highlow-trap.png`, fullPage: true });
  });

  // Four pawns placed in Doubles: far from the end, answered within the
  // server's budget by an estimate that says so, its value its best move's.
  await step('a far placement position: labelled estimates, consistent, within the budget', async () => {
    const far = 'game: doubles\nphase: placement\nplacement: G3 on C4, R4 on C3, G4 on C9, B4 on C13\n' +
      'hands: A=B1 B2 B3 R1 R2 R3 B=Y1 Y2 Y3 Y4 G1 G2\n';
    const t0 = Date.now();
    await page.goto(url + hashOf('doubles', far));
    await page.reload();
    await waitReady(page);
    await waitMoves(page);
    const ms = Date.now() - t0;
    checks.push(`     far placement answered ${ms} ms after navigation`);
    assert.equal(await page.textContent('#exactness'), 'Estimates here (≈), not exact values');
    assert.match(await page.textContent('#value'), /^margin ≈ [+−±][0-9.]+ for [AB]/);
    // Doubles' far boards: its learned evaluation, and its measured error.
    assert.match(await page.textContent('#value-detail'), /then a learned evaluation; such estimates are off by [0-9.]+ on average/);
    const shown = await movesOnPage(page);
    const heading = Number((await page.textContent('#value')).match(/([+−±])([0-9.]+)/).slice(1).join('').replace('−', '-').replace('±', ''));
    assert.ok(Math.abs(heading - Math.round(shown[0].value * 10) / 10) < 1e-9, `heading ${heading} is the best move's ${shown[0].value}`);
    const labels = await page.$$eval('[data-move]', (bs) => bs.map((b) => b.textContent));
    assert.ok(labels.every((t) => !/(?<!≈ )mistake −/.test(t)), 'no exact-style mistake over estimates');
    assert.ok(labels.every((t) => /≈ [+−±][0-9.]+$/.test(t)), 'every estimated value carries ≈');
    await page.screenshot({ path: `${outDir}/03b-far-placement.png`, fullPage: true });
  });

  // `scarney deal` output pasted as it is: its `hands:` line is kept (the
  // API once dropped it from position_text, and the page's next requests
  // were refused).
  await step('pasted text of a mid-placement position loads with its hands', async () => {
    const dealt = execFileSync(scarney, ['deal', '--game', 'doubles', '--left', '13', '--seed', '3'],
      { cwd: sourceDir, encoding: 'utf8' });
    assert.match(dealt, /^hands: /m);
    await page.goto(url);
    await page.reload();
    await waitReady(page);
    await page.evaluate(() => { document.querySelector('#paste-box').open = true; });
    await page.fill('#paste', dealt);
    await page.click('#load-paste');
    await page.waitForFunction(() => decodeURIComponent(location.hash).includes('hands: A='), null, { timeout: 30000 });
    await waitMoves(page);
    assert.equal(await page.isHidden('[data-testid=error]'), true, 'no error shown');
    assert.deepEqual(await pawnsOnPage(page), pawnsOfText(dealt));
    assert.match(decodeURIComponent(page.url()), /hands: A=/);
    const m = await movesOnPage(page);
    await page.click(`[data-move="${m[0].move}"]`);
    await page.waitForFunction((s) => document.querySelector('#ply').textContent.startsWith(s), '1 /');
    await waitMoves(page);
    assert.equal(await page.isHidden('[data-testid=error]'), true, 'no error after a placement');
    await page.screenshot({ path: `${outDir}/03c-pasted-placement.png`, fullPage: true });
  });

  await step('play a move, then step back', async () => {
    await page.goto(url + hashOf('solitaire', eight.position));
    await page.reload();
    await waitReady(page);
    await waitMoves(page);
    const before = await pawnsOnPage(page);
    const first = await movesOnPage(page);
    const analysed = await (await fetch(url + 'api/v1/analyse', { method: 'POST', body: eight.position })).json();
    const after = analysed.moves[0].after;
    await page.click(`[data-move="${first[0].move}"]`);
    await page.waitForFunction((s) => document.querySelector('#ply').textContent.startsWith(s), '1 /');
    await waitMoves(page);
    assert.deepEqual(await pawnsOnPage(page), pawnsOfText(after));
    assert.match(page.url(), /moves=/);
    await page.screenshot({ path: `${outDir}/04-after-a-move.png`, fullPage: true });
    await page.click('#prev');
    await page.waitForFunction(() => document.querySelector('#ply').textContent.startsWith('0 /'));
    assert.deepEqual(await pawnsOnPage(page), before);
    await page.click('#last');
    await page.waitForFunction(() => document.querySelector('#next').disabled);
    assert.match(await page.textContent('#end-score'), /game score \d+/);
    await page.screenshot({ path: `${outDir}/05-end-of-best-line.png`, fullPage: true });
  });

  await step('editing into an illegal position shows the server\'s error', async () => {
    await page.goto(url + hashOf('solitaire', eight.position));
    await page.reload();
    await waitReady(page);
    await waitMoves(page);
    await page.check('#edit');
    await page.selectOption('#phase', 'takeoff');
    await page.waitForSelector('[data-testid=error]:not([hidden])');
    const text = await page.textContent('[data-testid=error]');
    const edited = eight.position.replace(/^title:.*\n/m, '').replace(/^claim:.*\n/m, '').replace(/^solution:.*\n/m, '');
    const lines = edited.replace('phase: jump', 'phase: takeoff');
    const r = await (await fetch(url + 'api/v1/analyse', { method: 'POST', body: lines })).json();
    assert.ok(r.error, 'the server refuses the edited position');
    assert.ok(text.includes(r.error), `the page shows "${r.error}", got "${text}"`);
    await page.screenshot({ path: `${outDir}/06-editor-error.png`, fullPage: true });
    // Take a pawn off and put it back elsewhere: the error goes with a legal phase.
    await page.selectOption('#phase', 'jump');
    await page.waitForSelector('[data-testid=error][hidden]', { state: 'attached' });
    await page.click('[data-circle="C2"]');
    await page.waitForFunction(() => !document.querySelector('[data-circle="C2"] [data-pawn]'));
    await page.click('[data-circle="C1"]');
    await page.waitForSelector('[data-circle="C1"] [data-pawn="G3"]');
    await waitMoves(page);
  });

  await step('a shared link reopens the same board', async () => {
    await page.goto(url + hashOf('solitaire', eight.position));
    await page.reload();
    await waitReady(page);
    await waitMoves(page);
    for (let i = 1; i <= 2; ++i) {
      const m = await movesOnPage(page);
      await page.click(`[data-move="${m[0].move}"]`);
      await page.waitForFunction((s) => document.querySelector('#ply').textContent.startsWith(s), `${i} /`);
      await waitMoves(page);
    }
    const link = page.url();
    const pawns = await pawnsOnPage(page);
    const moves = await movesOnPage(page);
    const other = await context.newPage();
    await other.goto(link);
    await waitReady(other);
    await waitMoves(other);
    assert.deepEqual(await pawnsOnPage(other), pawns);
    assert.deepEqual(await movesOnPage(other), moves);
    assert.equal(await other.textContent('#ply'), await page.textContent('#ply'));
    await other.close();
  });

  // Each position opened is an entry of the browser's history: Back
  // returns to the one before (once Back left the board), and a game
  // started from it is one more entry.
  await step('the browser\'s Back and Forward step between positions and games', async () => {
    const tab = await context.newPage();
    await tab.goto(url + hashOf('solitaire', eight.position));
    await waitReady(tab);
    await waitMoves(tab);
    const first = await pawnsOnPage(tab);
    const firstUrl = tab.url();
    // Moves played stay in the same entry.
    const m = await movesOnPage(tab);
    await tab.click(`[data-move="${m[0].move}"]`);
    await tab.waitForFunction((s) => document.querySelector('#ply').textContent.startsWith(s), '1 /');
    await tab.click('#deal');
    await tab.waitForFunction((u) => location.href !== u && !location.hash.includes('moves='), firstUrl, { timeout: 30000 });
    await waitMoves(tab);
    assert.notDeepEqual(await pawnsOnPage(tab), first, 'a new deal');
    await tab.goBack();
    await tab.waitForFunction(() => location.hash.includes('moves='), null, { timeout: 30000 });
    await tab.waitForFunction((s) => document.querySelector('#ply').textContent.startsWith(s), '1 /', { timeout: 30000 });
    await tab.click('#first');
    await tab.waitForFunction(() => document.querySelector('#ply').textContent.startsWith('0 /'));
    assert.deepEqual(await pawnsOnPage(tab), first, 'Back: the position before the deal');
    // A game from here, then Back to the analysis board.
    await tab.selectOption('#play-game', 'solitaire');
    await tab.selectOption('#play-start', 'deal');
    await tab.fill('#play-seed', '2');
    await tab.click('[data-testid=new-game]');
    await tab.waitForSelector('#game-view[data-busy=false]', { timeout: 20000 });
    assert.match(tab.url(), /#play=solitaire/);
    await tab.goBack();
    await waitReady(tab);
    await tab.waitForFunction(() => document.body.dataset.mode !== 'game' && location.hash.includes('pos='), null, { timeout: 30000 });
    await waitMoves(tab);
    await tab.goForward();
    await tab.waitForFunction(() => document.body.dataset.mode === 'game', null, { timeout: 20000 });
    await tab.close();
  });

  // Values on the board: each circle a move reaches badged with its best
  // move's quality (as the list's colours say), the key, the bar (two
  // sides), and how many moves to the end.
  await step('values on the board: badges as the list, the key, the bar', async () => {
    const vb = await context.newPage();
    await vb.goto(url + hashOf('doubles', doublesDeal));
    await waitReady(vb);
    await waitMoves(vb);
    assert.equal(await vb.locator('#board .vq').count(), 0, 'off at first');
    await vb.check('#board-values');
    await vb.waitForSelector('#board .vq');
    const analysed = await (await fetch(url + 'api/v1/analyse', { method: 'POST', body: doublesDeal })).json();
    const classOf = Object.fromEntries(await vb.$$eval('[data-move]', (bs) => bs.map((b) => [b.dataset.move, b.className.replace('q-', '')])));
    const rank = { best: 0, good: 1, inaccurate: 2, mistake: 3 };
    const expected = {};
    for (const m of analysed.moves) {
      const c = m.circles;
      const reached = [c.to, c.placed].filter((x) => x);
      for (const n of reached.length ? reached : c.removed || [])
        if (!expected[n] || rank[classOf[m.move]] < rank[expected[n]]) expected[n] = classOf[m.move];
    }
    const shown = Object.fromEntries(await vb.$$eval('#board [data-quality]', (gs) => gs.map((g) => [g.dataset.circle, g.dataset.quality])));
    assert.deepEqual(shown, expected);
    assert.ok(Object.values(shown).includes('best'));
    assert.equal(await vb.isVisible('#values-key'), true);
    assert.equal(await vb.isVisible('[data-testid=eval-bar]'), true);
    const bar = Number(await vb.getAttribute('[data-testid=eval-bar]', 'aria-valuenow'));
    assert.ok(analysed.value > 0 ? bar > 0 : analysed.value < 0 ? bar < 0 : bar === 0, `the bar (${bar}) leans to the value's side (${analysed.value} for A)`);
    assert.match(await vb.textContent('#value-detail'), /\d+ moves? to the end with best play/);
    await vb.screenshot({ path: `${outDir}/03d-values-on-board.png`, fullPage: true });
    // At phone width: the same badges, the bar beside the board.
    await vb.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(Object.fromEntries(await vb.$$eval('#board [data-quality]', (gs) => gs.map((g) => [g.dataset.circle, g.dataset.quality]))), expected);
    const barBox = await vb.locator('[data-testid=eval-bar]').boundingBox();
    const boardBox = await vb.locator('#board').boundingBox();
    assert.ok(barBox.x + barBox.width <= boardBox.x && barBox.height > 100, 'the bar beside the board');
    await vb.screenshot({ path: `${outDir}/03d-values-on-board-390.png` });
    await vb.setViewportSize({ width: 1280, height: 900 });
    // Remembered, and off again by the same switch.
    await vb.reload();
    await waitReady(vb);
    await vb.waitForSelector('#board .vq');
    await vb.uncheck('#board-values');
    await vb.waitForFunction(() => !document.querySelector('#board .vq'));
    assert.equal(await vb.isHidden('[data-testid=eval-bar]'), true);
    await vb.close();
  });

  await step('everything with the keyboard alone', async () => {
    const kb = await context.newPage();
    await kb.goto(url + hashOf('highlow', trap.position));
    await waitReady(kb);
    await waitMoves(kb);
    // Tab to the first listed move and play it with Enter.
    let focused = null;
    for (let i = 0; i < 80 && !focused; ++i) {
      await kb.keyboard.press('Tab');
      focused = await kb.evaluate(() => document.activeElement?.dataset?.move ?? null);
    }
    assert.ok(focused, 'a move is reachable by Tab');
    const label = await kb.evaluate(() => document.activeElement.closest('[data-move]') ? 'move' : '');
    assert.equal(label, 'move');
    await kb.keyboard.press('Enter');
    await kb.waitForFunction(() => document.querySelector('#ply').textContent.startsWith('1 /'));
    await kb.keyboard.press('ArrowLeft');
    await kb.waitForFunction(() => document.querySelector('#ply').textContent.startsWith('0 /'));
    await kb.keyboard.press('End');
    await kb.waitForFunction(() => document.querySelector('#next').disabled);
    await kb.keyboard.press('Home');
    await kb.waitForFunction(() => document.querySelector('#ply').textContent.startsWith('0 /'));
    await kb.keyboard.press('ArrowRight');
    await kb.waitForFunction(() => document.querySelector('#ply').textContent.startsWith('1 /'));
    const box = async () => kb.locator('[data-circle="C1"] .hole').boundingBox();
    const b0 = await box();
    await kb.keyboard.press('f');
    await kb.waitForFunction((x) => {
      const r = document.querySelector('[data-circle="C1"] .hole').getBoundingClientRect();
      return Math.abs(r.x - x) > 10;
    }, b0.x);
    const live = await kb.textContent('#live');
    assert.ok(live.length > 0, 'the value is announced');
    // Every button, select and input can take the focus.
    const unreachable = await kb.$$eval('button, select, input, textarea, summary',
      (es) => es.filter((e) => e.tabIndex < 0 && e.offsetParent).length);
    assert.equal(unreachable, 0);
    await kb.screenshot({ path: `${outDir}/07-keyboard.png`, fullPage: true });
    await kb.close();
  });

  await step('phone width', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, bypassCSP: true });
    await phone.goto(url + hashOf('solitaire', eight.position));
    await waitReady(phone);
    await waitMoves(phone);
    await phone.screenshot({ path: `${outDir}/08-phone.png`, fullPage: true });
    const w = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(w <= 390, `no sideways scrolling (${w} px wide)`);
    await phone.close();
  });

  if (process.env.SCARNEY_SITE) {
    await step('the static site works offline once loaded', async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const p = await ctx.newPage();
      await p.goto(url);
      await waitReady(p);
      await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await p.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await ctx.setOffline(true);
      await p.goto(url + hashOf('highlow', trap.position));
      await waitReady(p);
      await waitMoves(p);
      assert.ok(await p.locator('[data-move]').count() > 0, 'moves valued offline');
      // The book offline too (book.json, kept by the service worker), and
      // the page says where its answers come from.
      assert.ok(await p.locator('#book option').count() > 1, 'the book listed offline');
      assert.match(await p.locator('#engine-name').textContent(), /WebAssembly/);
      assert.match(await p.locator('#api-note').textContent(), /computed in this page/);
      await p.screenshot({ path: `${outDir}/09-offline.png`, fullPage: true });
      await ctx.close();
    });

    // The site's search time (its scarney-time meta, 0.3 s in these tests)
    // reaches the worker: a value that is not seconds is said, not ignored.
    await step("the site's scarney-time meta: a bad value is said", async () => {
      const { server, url: bad } = await startStaticServer(process.env.SCARNEY_SITE, url, 'soon');
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
      const p = await ctx.newPage();
      await p.goto(bad + hashOf('solitaire', eight.position));
      await p.waitForSelector('[data-testid=error]:not([hidden])', { timeout: 30000 });
      assert.match(await p.textContent('[data-testid=error]'),
        /^The board could not start: the solver could not start: the page's <meta name="scarney-time" content="soon">: expected seconds from 0\.01 to 600$/);
      await p.screenshot({ path: `${outDir}/09b-bad-search-time.png` });
      await ctx.close();
      server.close();
    });
  }

  assert.deepEqual(consoleErrors.filter((e) => !/400 \(Bad Request\)/.test(e)), [], 'no script errors');
}, () => {
  console.log(checks.join('\n'));
  console.log(`screenshots: ${outDir}`);
});
