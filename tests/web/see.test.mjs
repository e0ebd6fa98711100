// Issue 24 in a real browser, at desktop and phone width: the last move
// marked (data-last) after the computer's reply, shown one step after the
// player's; the running score after each move of a High-Low and a Doubles
// game; a game played as B; the value chart clicked in analysis and in
// play; bad links; "Analyse this game"; a High-Low single removal and a
// placement made by clicks on the board; the game first on a phone; no
// motion under prefers-reduced-motion. Screenshots to OUT_DIR (see-*.png).
//
//   node see.test.mjs SCARNEY_BINARY SOURCE_DIR OUT_DIR
import { mkdirSync } from 'node:fs';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, watchErrors, runChecks } from './server.mjs';

const [scarney, , outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const { proc, url } = await startServer(scarney);
const browser = await launchBrowser();

const idle = (page) => page.waitForSelector('#game-view[data-busy=false]', { timeout: 60000 });
// A new document for each link (a hash change alone keeps the page).
async function open(page, link) {
  await page.goto('about:blank');
  await page.goto(link);
}
// A screenshot once the last move's animation has finished.
async function shot(page, name) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: `${outDir}/${name}.png`, fullPage: true });
}
const ready = (page) => page.waitForSelector('body[data-ready=true]', { timeout: 20000 });
const playLink = (game, start, side, extra = '') =>
  `${url}#play=${game}&start=${encodeURIComponent(start)}&side=${side}&strength=perfect&seed=1${extra}`;

// The circles marked as the last move: {kind: [circle, ...]}.
async function marked(page) {
  return page.$$eval('#board [data-last]', (gs) => {
    const out = {};
    for (const g of gs) (out[g.dataset.last] ||= []).push(g.dataset.circle);
    return out;
  });
}
// From now on, the circles marked as the last move each time the board
// shows another ply, kept in the page by ply (window.marksShown): what the
// board showed, whenever the test gets to look.
async function recordMarks(page) {
  await page.evaluate(() => {
    const board = document.querySelector('#board');
    window.marksShown = {};
    const record = () => {
      const out = {};
      for (const g of board.querySelectorAll('[data-last]')) (out[g.dataset.last] ||= []).push(g.dataset.circle);
      window.marksShown[board.dataset.shownPly] = out;
    };
    window.marksObserver?.disconnect();
    window.marksObserver = new MutationObserver(record);
    window.marksObserver.observe(board, { attributes: true, childList: true, subtree: true });
  });
}
// A move's circles as data-last would mark them.
function expected(circles) {
  const out = {};
  for (const [k, v] of Object.entries(circles)) if (k !== 'pawn') out[k] = Array.isArray(v) ? v : [v];
  return out;
}
const sortKinds = (m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, [...v].sort()]));

// The page's next answer from /api/v1/game: its network response from the
// server, or on the static site (no network API) the event the page's API
// client dispatches for the worker's answer (docs/api.md).
async function nextGameAnswer(page) {
  if (!process.env.SCARNEY_SITE) {
    const r = page.waitForResponse((x) => x.url().endsWith('/api/v1/game'));
    return async () => (await r).json();
  }
  await page.evaluate(() => {
    window.nextGameAnswer = new Promise((resolve) => {
      const seen = (e) => {
        if (!e.detail.path.endsWith('/api/v1/game')) return;
        removeEventListener('scarney-api', seen);
        resolve(e.detail.answer);
      };
      addEventListener('scarney-api', seen);
    });
  });
  return () => page.evaluate(() => window.nextGameAnswer);
}

// Clicks a move and returns the game's answer, having seen the player's
// move marked alone first (the computer's reply one step later).
async function playAndSee(page, click) {
  const answer = nextGameAnswer(page);
  const before = await page.locator('#play-line button').count() - 1;
  await recordMarks(page);
  await click();
  const j = await (await answer)();
  if (j.plies.length > before + 1 && j.plies[before].by === 'player') {
    // Read as the page showed it: the reply follows 650 ms later, sooner
    // than a loaded machine lets the test look.
    await page.waitForFunction((n) => window.marksShown[n] !== undefined, before + 1);
    const shown = await page.evaluate((n) => window.marksShown[n], before + 1);
    assert.deepEqual(sortKinds(shown), sortKinds(expected(j.plies[before].circles)), 'your move first');
  }
  await idle(page);
  assert.equal(await page.getAttribute('#board', 'data-shown-ply'), String(j.plies.length));
  return j;
}

// The score the page should show after the plies of `j`, from the player's side.
function scoreOf(j, side, removedAtStart = [0, 0]) {
  const p = { A: removedAtStart[0], B: removedAtStart[1] };
  for (const y of j.plies) p[y.side] += y.gain;
  const you = side, them = side === 'A' ? 'B' : 'A';
  const what = j.game === 'highlow' ? 'spots removed' : 'points taken';
  const names = { [you]: 'you', [them]: 'computer' };
  return `${what}: ${names.A} ${p.A}, ${names.B} ${p.B}`;
}

async function highLowGame(page, tag) {
  await open(page, playLink('highlow',
    'game: highlow\nphase: removal\nplacement: G4 on C1, G2 on C2, G3 on C3, R3 on C5, B1 on C6, Y4 on C8, R1 on C11, B2 on C16\n', 'A'));
  await ready(page);
  await idle(page);
  let j = null;
  for (let k = 0; k < 10 && (await page.getAttribute('#play-status', 'data-over')) !== 'true'; ++k) {
    j = await playAndSee(page, () => page.locator('[data-play-move]').first().click());
    const last = j.plies[j.plies.length - 1];
    assert.deepEqual(sortKinds(await marked(page)), sortKinds(expected(last.circles)), 'the last move marked');
    assert.equal(await page.textContent('[data-testid=score]'), scoreOf(j, 'A'), 'the running score');
    if (k === 0) await shot(page, `see-${tag}-01-highlow-reply`);
  }
  assert.equal(await page.getAttribute('#play-status', 'data-over'), 'true');
  assert.match(await page.textContent('#play-status'), /Game over: (you win|the computer wins) \([AB] wins \d+/);
  await shot(page, `see-${tag}-02-highlow-over`);
  return j;
}

async function doublesAsB(page, tag) {
  const deal = await (await fetch(`${url}api/v1/deal?game=doubles&seed=3`)).json();
  await open(page, playLink('doubles', deal.position, 'B'));
  await ready(page);
  await idle(page);
  let j = null;
  for (let k = 0; k < 20 && (await page.getAttribute('#play-status', 'data-over')) !== 'true'; ++k) {
    assert.match(await page.textContent('#play-status'), /B to move \(you\)/, 'you are B');
    j = await playAndSee(page, () => page.locator('[data-play-move]').first().click());
    if (!j.over) assert.equal(await page.textContent('[data-testid=score]'), scoreOf(j, 'B'));
  }
  // At the end the sweep is counted: the game's points, not only the jumps'.
  const [a, b] = j.outcome.points;
  assert.equal(await page.textContent('[data-testid=score]'), `final points, the sweep included: computer ${a}, you ${b}`);
  const status = await page.textContent('#play-status');
  const mine = j.outcome.points[1], theirs = j.outcome.points[0];
  if (mine > theirs) assert.match(status, new RegExp(`you win by ${mine - theirs}`));
  else if (mine < theirs) assert.match(status, new RegExp(`the computer wins by ${theirs - mine}`));
  // The chart from B's side: A's history negated, one point a ply.
  assert.match(await page.textContent('[data-testid=value-chart]'), /your value \(B\)/);
  const points = page.locator('[data-testid=value-chart] [data-ply]');
  assert.equal(await points.count(), j.plies.length + 1, 'one point a ply');
  const label = await points.nth(1).getAttribute('aria-label');
  assert.equal(label.match(/^ply 1: (-?[\d.]+)/)[1], String(-j.history[1]), 'your value');
  await shot(page, `see-${tag}-03-doubles-as-b`);
  // A click on the chart's point shows the board then.
  await points.nth(1).click();
  assert.equal(await page.isVisible('[data-testid=board-past]'), true);
  assert.equal(await page.getAttribute('#board', 'data-shown-ply'), '1');
  assert.deepEqual(sortKinds(await marked(page)), sortKinds(expected(j.plies[0].circles)));
  await shot(page, `see-${tag}-04-chart-clicked`);
  // Analyse this game: the same moves in analysis mode.
  await page.click('[data-testid=analyse-game]');
  await ready(page);
  await page.waitForSelector('#moves button, #moves-note');
  assert.equal(await page.getAttribute('body', 'data-mode'), null);
  const played = await page.$$eval('#line li:not(.best-line) button', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(played, j.plies.map((y, i) => `${i + 1}. ${y.side} ${y.move}`), 'the game\'s moves, with their real sides');
  // The chart's end: A's final margin, the sweep counted in.
  const n = j.plies.length;
  await page.waitForSelector(`[data-testid=value-chart] [data-ply="${n}"]`);
  const end = await page.getAttribute(`[data-testid=value-chart] [data-ply="${n}"]`, 'aria-label');
  assert.equal(end, `ply ${n}: ${j.outcome.points[0] - j.outcome.points[1]}`);
  await shot(page, `see-${tag}-05-analyse-this-game`);
}

async function analysisChart(page, tag) {
  await open(page, url);
  await ready(page);
  await page.waitForSelector('#moves button');
  for (let k = 0; k < 3; ++k) {
    await page.locator('#moves button').first().click();
    await page.waitForSelector(`#moves[data-ply="${k + 1}"]`, { state: 'attached' });
  }
  const total = Number((await page.textContent('#ply')).split('/')[1]);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=value-chart] [data-ply]').length === n + 1, total);
  assert.match(await page.textContent('[data-testid=score]'), /^score so far: \d+$/);
  assert.deepEqual(Object.keys(await marked(page)).sort(), ['from', 'over', 'to'], 'the jump marked');
  await page.locator('[data-testid=value-chart] [data-ply="1"]').click();
  await page.waitForSelector('#moves[data-ply="1"]', { state: 'attached' });
  assert.deepEqual(Object.keys(await marked(page)), ['removed'], 'the take-off marked');
  await shot(page, `see-${tag}-06-analysis-chart`);
}

// Variations: another move from an earlier ply keeps the old line, which
// a click brings back.
async function variations(page, tag) {
  await open(page, url);
  await ready(page);
  await page.waitForSelector('#moves button');
  const ply = (n) => page.waitForSelector(`#moves[data-ply="${n}"]`, { state: 'attached' });
  for (let k = 1; k <= 3; ++k) {
    await page.locator('#moves button').first().click();
    await ply(k);
  }
  const first = await page.$$eval('#line li:not(.best-line) button', (bs) => bs.map((b) => b.textContent));
  // Back to the start, where every 1 and 2 can be taken off: another one.
  await page.click('#first');
  await ply(0);
  assert.ok(await page.locator('#moves button').count() > 1);
  await page.locator('#moves button').last().click();
  await ply(1);
  await page.waitForSelector('[data-testid=variations] button');
  assert.equal(await page.textContent('[data-testid=variations]'), `from move 1: ${first.join(', ')}`);
  await shot(page, `see-${tag}-13-variation`);
  await page.click('[data-testid=variations] button');
  await ply(3);
  assert.deepEqual(await page.$$eval('#line li:not(.best-line) button', (bs) => bs.map((b) => b.textContent)), first, 'the old line back');
  assert.equal(await page.locator('[data-testid=variations] button').count(), 1, 'and the other kept');
  // The link keeps the variations: opened afresh, the same line and the same one.
  const kept = await page.textContent('[data-testid=variations]');
  assert.match(page.url(), /&var=/);
  await open(page, page.url());
  await ready(page);
  await ply(3);
  await page.waitForSelector('[data-testid=variations] button');
  assert.equal(await page.textContent('[data-testid=variations]'), kept, 'the variation from the link');
  assert.deepEqual(await page.$$eval('#line li:not(.best-line) button', (bs) => bs.map((b) => b.textContent)), first);
}

async function badLinks(page, tag) {
  const pos = 'game: solitaire\nphase: jump\nplacement: Y4 on C2, Y3 on C5, B2 on C10, G3 on C11, B1 on C14, R4 on C15\n';
  for (const [extra, want] of [
    ['&ply=abc', /ply "abc" is not a number of moves/],
    ['&ply=-3', /ply "-3" is not a number of moves/],
    ['&ply=99', /ply 99 is past its/],
    [`&moves=${encodeURIComponent('G3 jumps Y4')}`, /move 1, "G3 jumps Y4", is not legal there/],
    [`&var=${encodeURIComponent('R4 jumps G3|nonsense')}`, /variation 1's move 2, "nonsense", is not legal there/],
  ]) {
    await open(page, `${url}#game=solitaire&pos=${encodeURIComponent(pos)}${extra}`);
    await ready(page);
    await page.waitForSelector('[data-testid=error]:not([hidden])');
    assert.match(await page.textContent('[data-testid=error]'), want);
    assert.equal(await page.locator('#board [data-pawn]').count(), 6, 'the board drawn');
  }
  await shot(page, `see-${tag}-07-bad-link`);
}

// Controls: the analysis board's start controls off during a game, with
// the reason; the editor offers only the game's phases; a title survives
// "copy as position text"; the book's verdicts without raw backticks.
async function controls(page, tag) {
  await open(page, playLink('solitaire', 'game: solitaire\nphase: jump\nplacement: Y4 on C2, Y3 on C5, B2 on C10, G3 on C11, B1 on C14, R4 on C15\n', 'A'));
  await ready(page);
  await idle(page);
  for (const id of ['#deal', '#empty', '#book', '#edit', '#load-paste'])
    assert.equal(await page.isDisabled(id), true, `${id} off during a game`);
  assert.match(await page.getAttribute('#deal', 'title'), /Back to analysis/);
  assert.equal(await page.isVisible('[data-testid=start-note]'), true);
  await shot(page, `see-${tag}-11-start-off`);
  await open(page, url);
  await ready(page);
  await page.waitForSelector('#book option:nth-child(3)', { state: 'attached' });
  const trap = await page.$eval('#book', (s) => [...s.options].find((o) => /Eight-Pawn End Game Trap/.test(o.textContent)).value);
  await page.selectOption('#book', trap);
  await page.waitForSelector('#book-verdict code');
  assert.doesNotMatch(await page.textContent('#book-verdict'), /`/);
  await page.evaluate(() => { navigator.clipboard.writeText = async (t) => { window.copied = t; }; });
  await page.click('#copy-text');
  assert.match(await page.evaluate(() => window.copied), /^title: An Eight-Pawn End Game Trap\n/);
  await page.check('#edit');
  await page.selectOption('#game', 'highlow');
  await page.waitForSelector('#removed-row:not([hidden])');
  const offered = await page.$$eval('#phase option', (os) => os.filter((o) => !o.hidden).map((o) => o.value));
  assert.deepEqual(offered, ['', 'removal', 'placement']);
  assert.equal(await page.isVisible('#hands-row'), false, 'no hands out of the placement phase');
  await page.selectOption('#game', 'solitaire');
  await page.waitForSelector('#removed-row', { state: 'hidden' });
  assert.equal(await page.isVisible('#removed-row'), false, 'no High-Low row for Solitaire');
  await shot(page, `see-${tag}-12-book-and-editor`);
}

async function byTheBoard(page, tag) {
  // High-Low: R4 clicked twice removes it alone ("removes R4 and R3" exists too).
  await open(page, playLink('highlow', 'game: highlow\nphase: removal\nplacement: R4 on C1, R3 on C2, G1 on C6, Y2 on C16, B3 on C11\n', 'A'));
  await ready(page);
  await idle(page);
  await page.click('#board [data-circle="C1"]');
  assert.match(await page.textContent('[data-testid=board-pick]'), /Click C1 again for its move alone/);
  await shot(page, `see-${tag}-08-highlow-picked`);
  const j = await playAndSee(page, () => page.click('#board [data-circle="C1"]'));
  assert.equal(j.plies[0].move, 'removes R4');
  // A placement: G3 from A's hand, then C7.
  await open(page, playLink('doubles', 'game: doubles\nphase: placement\nplacement: B1 on C1, R1 on C2\nhands: A=B2 B3 B4 G1 G2 G3 G4 B=R2 R3 R4 Y1 Y2 Y3 Y4\n', 'A'));
  await ready(page);
  await idle(page);
  assert.equal(await page.locator('[data-testid=hands] [data-hand-pawn]').count(), 14, 'both hands shown');
  assert.equal(await page.isDisabled('[data-hand-pawn="R2"]'), true, 'not your pawn');
  assert.equal(await page.getAttribute('#play-moves-box', 'open'), null, 'no list of placements to scroll');
  await page.click('[data-hand-pawn="G3"]');
  assert.match(await page.textContent('#play-moves-summary'), /^Your moves as a list \(\d+\)$/);
  await shot(page, `see-${tag}-09-hand-picked`);
  const k = await playAndSee(page, () => page.click('#board [data-circle="C7"]'));
  assert.equal(k.plies[0].move, 'A places G3 on C7');
  assert.deepEqual(k.plies[0].circles, { placed: 'C7', pawn: 'G3' });
  assert.deepEqual(await marked(page), expected(k.plies[k.plies.length - 1].circles), 'the computer\'s placement marked');
  await shot(page, `see-${tag}-10-placed`);
  // The same in analysis mode: a pawn in the hand, then the circle.
  const placement = 'game: doubles\nphase: placement\nplacement: B1 on C1, R1 on C2\nhands: A=B2 B3 B4 G1 G2 G3 G4 B=R2 R3 R4 Y1 Y2 Y3 Y4\n';
  await open(page, `${url}#game=doubles&pos=${encodeURIComponent(placement)}`);
  await ready(page);
  await page.waitForSelector('[data-testid=analysis-hands] [data-hand-pawn="G3"]:not([disabled])');
  // The long list folded: the best twelve, the rest behind a button.
  await page.waitForSelector('[data-testid=show-all-moves]');
  const all = await page.locator('#moves [data-move]').count();
  assert.ok(all > 24, `${all} placements listed`);
  assert.equal(await page.locator('#moves [data-move]:visible').count(), 12);
  assert.equal(await page.textContent('[data-testid=show-all-moves]'), `show all ${all} moves (${all - 12} more)`);
  await shot(page, `see-${tag}-15-placements-folded`);
  await page.click('[data-testid=show-all-moves]');
  assert.equal(await page.locator('#moves [data-move]:visible').count(), all);
  assert.equal(await page.locator('[data-testid=show-all-moves]').count(), 0);
  await page.click('[data-testid=analysis-hands] [data-hand-pawn="G3"]');
  await page.click('#board [data-circle="C7"]');
  await page.waitForSelector('#moves[data-ply="1"]', { state: 'attached', timeout: 30000 });
  assert.equal(await page.textContent('#line button[data-ply="1"]'), '1. A places G3 on C7');
  assert.deepEqual(await marked(page), { placed: ['C7'] });
  await shot(page, `see-${tag}-14-analysis-placed`);
}

// The static site runs the same page with another engine: its layout at
// phone size is checked against the server only (as games.test.mjs does).
const sizes = [['desktop', { width: 1280, height: 1000 }], ['phone', { width: 390, height: 844 }]];
await runChecks(browser, proc, async () => {
  for (const [tag, viewport] of process.env.SCARNEY_SITE ? sizes.slice(0, 1) : sizes) {
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const page = await context.newPage();
    // Console errors too, but for the 400s the bad links ask for on
    // purpose (the browser logs each refused request).
    const errors = watchErrors(page, /status of 400/);
    await highLowGame(page, tag);
    if (tag === 'phone') {
      // The game first: status, moves and coach right after the board, the setup form below.
      const y = async (sel) => (await page.locator(sel).boundingBox()).y;
      assert.ok(await y('#play-status') < await y('#play-setup'), 'the status above the setup form');
      assert.ok(await y('#board') < await y('#play-status'), 'the board first');
    }
    console.log(`ok   ${tag}: a High-Low game, each reply marked one step after your move, the score after each move`);
    await doublesAsB(page, tag);
    console.log(`ok   ${tag}: a Doubles game as B, the chart from your side and clicked, analyse this game`);
    await analysisChart(page, tag);
    console.log(`ok   ${tag}: the chart live in analysis mode, clicked`);
    await variations(page, tag);
    console.log(`ok   ${tag}: another move from an earlier ply keeps the old line as a variation, brought back by a click`);
    await badLinks(page, tag);
    console.log(`ok   ${tag}: bad links said in the error box`);
    await byTheBoard(page, tag);
    console.log(`ok   ${tag}: a High-Low single removal and a placement by clicks on the board`);
    await controls(page, tag);
    console.log(`ok   ${tag}: start controls off during a game, with the reason; the editor's phases; the book's verdict; a title copied`);
    assert.deepEqual(errors, []);
    await context.close();
  }
  // Reduced motion: the last move marked, nothing moves.
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await open(page, url);
  await ready(page);
  await page.waitForSelector('#moves button');
  await page.locator('#moves button').first().click();
  await page.waitForSelector('#board [data-last]');
  const anim = await page.$eval('#board [data-last] .hole', (e) => getComputedStyle(e).animationName);
  assert.equal(anim, 'none');
  await context.close();
  console.log('ok   prefers-reduced-motion: marked, not animated');
});
