// The game mode in a real browser: a whole High-Low game played by clicks
// against the perfect computer to its end, the value history drawn, the
// moves played stepped by click and key, a take back and its redo, the
// shared link replaying the game; the computer's placement with its
// progress note; a whole Singles match of five games to its score sheet,
// which `scarney match` scores the same. Screenshots to OUT_DIR.
//
//   node play.test.mjs SCARNEY_BINARY SOURCE_DIR OUT_DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, watchErrors, runChecks } from './server.mjs';

const [scarney, , outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const { proc, url } = await startServer(scarney);

const browser = await launchBrowser();
// The board drawn, without the last move's animation (a step forward adds it).
const boardHTML = async (page) => (await page.innerHTML('#board')).replace(/ (arrive|slide)\b| style="[^"]*"/g, '');
const idle = (page) => page.waitForSelector('#game-view[data-busy=false]', { timeout: 20000 });
await runChecks(browser, proc, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(url);
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });

  await page.selectOption('#play-game', 'highlow');
  await page.selectOption('#play-start', 'deal');
  await page.selectOption('#play-side', 'A');
  await page.selectOption('#play-strength', 'perfect');
  await page.fill('#play-seed', '11');
  await page.click('[data-testid=new-game]');
  await idle(page);
  await page.screenshot({ path: `${outDir}/play-01-start.png`, fullPage: true });
  let clicks = 0;
  for (; clicks < 20; ++clicks) {
    if ((await page.getAttribute('#play-status', 'data-over')) === 'true') break;
    // The last listed move: not always the best one.
    const buttons = page.locator('[data-play-move]');
    await buttons.nth((await buttons.count()) - 1).click();
    await page.waitForFunction(() => document.querySelector('#game-view').dataset.busy === 'false');
  }
  assert.equal(await page.getAttribute('#play-status', 'data-over'), 'true', 'the game ended');
  assert.ok(clicks >= 3, `${clicks} moves clicked`);
  const status = await page.textContent('#play-status');
  assert.match(status, /Game over: (you win|the computer wins) \([AB] wins \d+/);
  const marks = await page.locator('[data-testid=value-chart-svg] circle').count();
  assert.ok(marks >= clicks * 2 - 1, `one mark a move (${marks})`);
  assert.ok(await page.locator('[data-testid=value-chart-svg] circle.lost').count() >= 1, 'a lost move marked');
  assert.match(await page.textContent('#chart-notes'), /better: /);
  await page.screenshot({ path: `${outDir}/play-02-over.png`, fullPage: true });
  const link = page.url();
  const line = await page.textContent('#play-line');

  // The moves played: the board after move 1, stepped with the keys.
  const boardNow = await boardHTML(page);
  await page.click('#play-line button[data-ply="1"]');
  assert.equal(await page.getAttribute('#play-line button[data-ply="1"]', 'aria-current'), 'step');
  assert.equal(await page.isVisible('[data-testid=board-past]'), true);
  assert.notEqual(await boardHTML(page), boardNow, 'the board after move 1 shown');
  await page.screenshot({ path: `${outDir}/play-03-after-move-1.png`, fullPage: true });
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#play-line button[data-ply="2"]', 'aria-current'), 'step');
  await page.keyboard.press('Home');
  assert.equal(await page.getAttribute('#play-line button[data-ply="0"]', 'aria-current'), 'step');
  await page.keyboard.press('End');
  assert.equal(await page.isVisible('[data-testid=board-past]'), false);
  assert.equal(await boardHTML(page), boardNow, 'End: the game now');

  await page.click('[data-testid=take-back]');
  await idle(page);
  assert.equal(await page.getAttribute('#play-status', 'data-over'), 'false', 'taken back');
  assert.ok((await page.textContent('#play-line')).length < line.length);
  await page.screenshot({ path: `${outDir}/play-04-taken-back.png`, fullPage: true });
  await page.click('[data-testid=redo]');
  await idle(page);
  assert.equal(await page.textContent('#play-status'), status, 'redo: the same end');
  assert.equal(await page.textContent('#play-line'), line);
  assert.equal(await page.isDisabled('[data-testid=redo]'), true);
  await page.click('[data-testid=take-back]');
  await idle(page);

  const again = await context.newPage();
  await again.goto(link);
  await again.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  await idle(again);
  assert.equal(await again.textContent('#play-status'), status, 'the link replays the game');
  assert.equal(await again.textContent('#play-line'), line);
  await again.screenshot({ path: `${outDir}/play-05-link.png`, fullPage: true });
  await again.close();  // a tab in the background draws no frames
  console.log(`ok   a High-Low game by clicks (${clicks} moves), the value history, the moves stepped, take-back and redo, the link`);

  // Moves on the board: a Solitaire take-off by one click, a jump by the
  // pawn and its landing circle.
  await page.selectOption('#play-game', 'solitaire');
  await page.selectOption('#play-start', 'deal');
  await page.fill('#play-seed', '5');
  await page.click('[data-testid=new-game]');
  await idle(page);
  const takeOff = await page.getAttribute('[data-play-move]', 'data-play-move');
  const takenPawn = takeOff.match(/take off ([BRYG][1-4])/)[1];
  await page.click(`#board [data-pawn="${takenPawn}"]`);
  await idle(page);
  assert.equal(await page.textContent('#play-line button[data-ply="1"]'), `1. ${takeOff}`, 'one click took the pawn off');
  const jump = await page.getAttribute('[data-play-move]', 'data-play-move');
  // Its circles as the server gives them (the game's answer lists every move's).
  // (Asked from Node, not the page: on the static site the page has no API.)
  const answer = await (await fetch(`${url}api/v1/game`, {
    method: 'POST',
    body: JSON.stringify({ start: await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('start')), moves: [takeOff], computer: 'B' }),
  })).json();
  const { circles } = answer.moves.find((m) => m.move === jump);
  const a = Number(circles.from.slice(1)), landing = Number(circles.to.slice(1));
  const mover = await page.getAttribute(`#board [data-circle="C${a}"] [data-pawn]`, 'data-pawn');
  await page.click(`#board [data-circle="C${a}"]`);
  assert.equal(await page.isVisible('[data-testid=board-pick]'), true, 'the pawn picked');
  for (const m of await page.locator('[data-play-move]:visible').allTextContents())
    assert.ok(m.includes(mover), `only ${mover}'s moves listed: ${m}`);
  await page.screenshot({ path: `${outDir}/play-06-picked.png`, fullPage: true });
  await page.click(`#board [data-circle="C${landing}"]`);
  await idle(page);
  assert.equal(await page.textContent('#play-line button[data-ply="2"]'), `2. ${jump}`, 'the jump played on the board');
  console.log(`ok   moves on the board: ${takeOff} by one click, ${jump} by two`);

  // A two-pawn High-Low removal that is part of a three-pawn one, on the
  // board: its two pawns, then the last one again (once only the list
  // could make it).
  await page.selectOption('#play-game', 'highlow');
  await page.selectOption('#play-start', 'deal');
  await page.fill('#play-seed', '11');
  await page.click('[data-testid=new-game]');
  await idle(page);
  const hl = await (await fetch(`${url}api/v1/game`, {
    method: 'POST',
    body: JSON.stringify({ start: await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('start')), moves: [], computer: 'B' }),
  })).json();
  const removed = (m) => m.circles.removed || [];
  const two = hl.moves.find((m) => removed(m).length === 2 &&
    hl.moves.some((t) => removed(t).length === 3 && removed(m).every((c) => removed(t).includes(c))));
  assert.ok(two, 'deal 11 has a two-pawn removal inside a three-pawn one');
  const [c1, c2] = removed(two);
  await page.click(`#board [data-circle="${c1}"]`);
  await page.click(`#board [data-circle="${c2}"]`);
  assert.match(await page.textContent('[data-testid=board-pick]'), new RegExp(`Click ${c2} again for the move with only these`));
  await page.click(`#board [data-circle="${c2}"]`);
  await idle(page);
  assert.equal(await page.textContent('#play-line button[data-ply="1"]'), `1. A ${two.move}`, 'the two-pawn removal played on the board');
  console.log(`ok   ${two.move} on the board, though a three-pawn removal holds both`);

  // The placement phase, the computer placing first: its progress is said.
  const notes = [];
  await page.exposeFunction('noteProgress', (t) => notes.push(t));
  await page.evaluate(() => new MutationObserver(() => {
    const t = document.querySelector('#play-progress').textContent;
    if (t) window.noteProgress(t);
  }).observe(document.querySelector('#play-progress'), { childList: true, characterData: true, subtree: true }));
  await page.selectOption('#play-game', 'doubles');
  await page.selectOption('#play-start', 'placement');
  await page.selectOption('#play-side', 'B');
  await page.fill('#play-seed', '5');  // (its own, whatever the steps before chose)
  await page.click('[data-testid=new-game]');
  await idle(page);
  assert.match(await page.textContent('#play-status'), /Doubles: B to place \(you\)/);
  assert.match(await page.textContent('#play-line button[data-ply="1"]'), /^1\. A /);
  assert.doesNotMatch(await page.textContent('#play-line'), /\b([AB]) \1 /, 'the side named once');
  // Far from the end the computer places by the estimate, fast; with seven
  // pawns left by the exact search, which takes a second or more. (On a
  // fast machine every answer can come within the 0.3 s that the note
  // waits for: then none is due. The answers are timed by the network
  // from the server; on the static site, which has none, in the page, from
  // the click to the worker's answer.)
  const answers = [];
  const asked = new Map();
  page.on('request', (r) => { if (r.url().includes('/api/v1/game')) asked.set(r, Date.now()); });
  page.on('requestfinished', (r) => { if (asked.has(r)) answers.push(Date.now() - asked.get(r)); });
  if (process.env.SCARNEY_SITE) {
    await page.evaluate(() => {
      window.answerTimes = [];
      let clicked = null;
      document.addEventListener('click', () => { clicked = performance.now(); }, true);
      addEventListener('scarney-api', (e) => {
        if (clicked !== null && e.detail.path.endsWith('/api/v1/game')) window.answerTimes.push(performance.now() - clicked);
        clicked = null;
      });
    });
  }
  for (let k = 0; k < 12 && !notes.length; ++k) {
    if ((await page.getAttribute('#play-status', 'data-over')) === 'true') break;
    // (Placements are folded under the hands: unfolded to click the list.)
    await page.evaluate(() => { document.querySelector('#play-moves-box').open = true; });
    await page.locator('[data-play-move]').first().click();
    await page.waitForFunction(() => document.querySelector('#game-view').dataset.busy === 'false', null, { timeout: 60000 });
  }
  if (process.env.SCARNEY_SITE) answers.push(...await page.evaluate(() => window.answerTimes));
  const slowest = Math.max(0, ...answers);
  // (The page's 0.3 s starts before its request and the answer cancels it:
  // an answer timed at 302 ms by the network once came before the note. A
  // tenth of a second of slack between the two clocks.)
  assert.ok(notes.some((t) => /placement/.test(t)) || (answers.length && slowest < 400),
    `progress shown: ${JSON.stringify(notes)}; the slowest answer took ${slowest} ms`);
  assert.equal(await page.textContent('#play-progress'), '', 'and cleared');
  await page.screenshot({ path: `${outDir}/play-07-placement.png`, fullPage: true });
  console.log(`ok   the computer's placement, its progress said (${notes.length} notes; the slowest answer ${Math.round(slowest)} ms)`);

  // A Singles match: five games, each played by clicks, then the next.
  await page.selectOption('#play-game', 'singles');
  await page.selectOption('#play-start', 'deal');
  await page.selectOption('#play-side', 'A');
  await page.selectOption('#play-strength', 'strong');
  await page.fill('#play-seed', '3');
  await page.check('[data-testid=play-match]');
  await page.click('[data-testid=new-game]');
  await idle(page);
  let matchLink = '';
  for (let g = 1; g <= 5; ++g) {
    assert.match(await page.textContent('#match-title'), new RegExp(`Singles match: game ${g}`));
    for (let k = 0; k < 40; ++k) {
      if ((await page.getAttribute('#play-status', 'data-over')) === 'true') break;
      await page.locator('[data-play-move]').first().click();
      await page.waitForFunction(() => document.querySelector('#game-view').dataset.busy === 'false');
    }
    assert.equal(await page.getAttribute('#play-status', 'data-over'), 'true', `game ${g} ended`);
    assert.match(await page.textContent('#match-status'), /The computer played the same deal alone/);
    if (g === 2) matchLink = page.url();
    if (g < 5) {
      await page.click('[data-testid=next-game]');
      await idle(page);
    }
  }
  assert.match(await page.textContent('#match-status'), /The match is over/);
  assert.equal(await page.isVisible('[data-testid=next-game]'), false);
  const sheetShown = await page.textContent('#match-sheet');
  assert.match(sheetShown, /\n5 {2,}\d+-\d+/);
  await page.screenshot({ path: `${outDir}/play-08-match-over.png`, fullPage: true });
  // The downloaded sheet is scored the same by `scarney match`.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-sheet')]);
  const file = `${outDir}/match.match`;
  await download.saveAs(file);
  assert.match(readFileSync(file, 'utf8'), /^game: singles\nplayers: you computer\n/);
  const scored = execFileSync(scarney, ['match', file], { encoding: 'utf8' });
  assert.equal(scored, sheetShown, 'scarney match scores the sheet the same');
  // The link of game 2 replays the match so far.
  const third = await context.newPage();
  await third.goto(matchLink);
  await third.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  await idle(third);
  assert.match(await third.textContent('#match-title'), /game 2/);
  assert.match(await third.textContent('#match-sheet'), /\n1 {2,}\d+-\d+/);
  assert.equal(await third.getAttribute('#play-status', 'data-over'), 'true');
  assert.deepEqual(errors, []);
  console.log('ok   a Singles match of five games by clicks, its sheet scored as scarney match scores it, its link');

  // The same match at phone size, to its end, with no console error (the
  // server's page only: the static site's is the same page, another engine).
  if (process.env.SCARNEY_SITE) return;
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  const small = await phone.newPage();
  const smallErrors = watchErrors(small);
  await small.goto(url);
  await small.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  await small.selectOption('#play-game', 'singles');
  await small.selectOption('#play-start', 'deal');
  await small.selectOption('#play-strength', 'strong');
  await small.fill('#play-seed', '3');
  await small.check('[data-testid=play-match]');
  await small.click('[data-testid=new-game]');
  await idle(small);
  for (let g = 1; g <= 5; ++g) {
    for (let k = 0; k < 40 && (await small.getAttribute('#play-status', 'data-over')) !== 'true'; ++k) {
      await small.locator('[data-play-move]').first().click();
      await small.waitForFunction(() => document.querySelector('#game-view').dataset.busy === 'false');
    }
    if (g < 5) {
      await small.click('[data-testid=next-game]');
      await idle(small);
    }
  }
  assert.match(await small.textContent('#match-status'), /The match is over/);
  assert.equal(await small.textContent('#match-sheet'), sheetShown, 'the same sheet at phone size');
  await small.screenshot({ path: `${outDir}/play-08-match-over-390.png`, fullPage: true });
  assert.deepEqual(smallErrors, []);
  await phone.close();
  console.log('ok   the same match at phone size, the same sheet, no console error');
});
