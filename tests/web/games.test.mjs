// Whole games from their placement phase to their end, played by clicks
// as a person would, at phone size (the server) and desktop size (the
// static site), with no page error and no
// console error: Singles, Doubles and High-Low (after the sixteenth pawn
// Singles once threw on every move: the running score had no board); the
// computer's moves named, the result explained. Screenshots to OUT_DIR.
//
//   node games.test.mjs SCARNEY_BINARY SOURCE_DIR OUT_DIR
import { mkdirSync } from 'node:fs';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, watchErrors, runChecks } from './server.mjs';

const [scarney, , outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const { proc, url } = await startServer(scarney);
const browser = await launchBrowser();
const idle = (page) => page.waitForSelector('#game-view[data-busy=false]', { timeout: 60000 });

// Plays `name` from the empty board as A by clicking the first move listed
// each turn, to the end; checks what the page says on the way and at the end.
async function playToEnd(name, w, h) {
  const phone = await browser.newContext({ viewport: { width: w, height: h }, bypassCSP: true });
  const sp = await phone.newPage();
  const spErrors = watchErrors(sp);
  await sp.goto(url);
  await sp.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  await sp.selectOption('#play-game', name);
  await sp.selectOption('#play-start', 'placement');
  await sp.selectOption('#play-side', 'A');
  await sp.selectOption('#play-strength', 'strong');
  await sp.fill('#play-seed', '4');
  await sp.click('[data-testid=new-game]');
  await idle(sp);
  let moves = 0, named = 0;
  for (; moves < 80; ++moves) {
    if ((await sp.getAttribute('#play-status', 'data-over')) === 'true') break;
    await sp.evaluate(() => { const box = document.querySelector('#play-moves-box'); if (box) box.open = true; });
    // A placement by its hand pawn and circle: drawn at once, in the same
    // task as the click, before any answer (it once waited a second for it).
    if (moves === 2 && name !== 'singles') {
      const seen = await sp.evaluate(() => {
        const pawn = document.querySelector('#hands-view button[data-hand-pawn]:not([disabled])').dataset.handPawn;
        document.querySelector(`#hands-view [data-hand-pawn="${pawn}"]`).click();
        const circle = [...document.querySelectorAll('#board [data-circle]')].find((g) => !g.querySelector('[data-pawn]')).dataset.circle;
        document.querySelector(`#board [data-circle="${circle}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
        return {
          pawn, circle, busy: document.querySelector('#game-view').dataset.busy,
          drawn: !!document.querySelector(`#board [data-circle="${circle}"] [data-pawn="${pawn}"]`),
          inHand: !!document.querySelector(`#hands-view [data-hand-pawn="${pawn}"]`),
          said: document.querySelector('#last-move').textContent,
        };
      });
      assert.equal(seen.busy, 'true', 'the answer is still to come');
      assert.ok(seen.drawn, `${seen.pawn} drawn on ${seen.circle} at once`);
      assert.ok(!seen.inHand, `${seen.pawn} gone from the hand`);
      assert.equal(seen.said, `You played: A places ${seen.pawn} on ${seen.circle}`);
      await idle(sp);
      continue;
    }
    // The first move listed, but not the call that ends the game at once.
    const buttons = sp.locator('[data-play-move]:not([data-play-move*="Scarney"])');
    await ((await buttons.count()) ? buttons.first() : sp.locator('[data-play-move]').first()).click();
    await idle(sp);
    assert.deepEqual(spErrors, [], `no error after ${moves + 1} moves`);
    // The computer's reply, named in words by the board.
    const by = await sp.getAttribute('#last-move', 'data-by');
    if (by === 'computer') {
      assert.match(await sp.textContent('#last-move'), /^The computer played: /);
      ++named;
    }
    // Placing: the hands to pick from are in view with the board, no
    // scrolling between the pawn and its circle (on a phone they were
    // below the fold).
    if (moves === 1 && name !== 'singles') {
      await sp.evaluate(() => window.scrollTo(0, 0));
      await sp.screenshot({ path: `${outDir}/play-09-${name}-placing-${w}.png` });
      const box = await sp.locator('#hands-view').boundingBox();
      assert.ok(box && box.y + box.height <= h, `the hands end at ${box && box.y + box.height} px, in the ${h} px view`);
    }
  }
  assert.equal(await sp.getAttribute('#play-status', 'data-over'), 'true', `the ${name} game ended (${moves} moves)`);
  if (name !== 'singles') assert.ok(named > 0, 'the computer\'s moves were named');
  assert.match(await sp.textContent('#play-status'), /Game over/);
  const why = await sp.textContent('#play-why');
  if (name === 'singles') assert.match(await sp.textContent('#score'), /^score so far: -?\d+$/);
  if (name === 'doubles') assert.match(why, /sweeps the \d+ spots still on the board|no pawn left on the board to sweep/);
  if (name === 'highlow') assert.match(why, /the last mover (wins when a 3 or a 4|loses when a 1 or a 2) is left/);
  if (name !== 'singles') {
    assert.equal(await sp.isVisible('#play-why'), true);
    // The explanation links to the game's rules, from the glossary.
    await sp.click('[data-testid=why-rules]');
    assert.equal(await sp.getAttribute('#rules-box', 'open'), '');
    assert.equal(await sp.getAttribute('#rules-box', 'data-game'), name);
    const rules = await sp.textContent('#rules');
    assert.match(rules, name === 'highlow' ? /loses with a 1 or 2/ : /the player who moved last\s+takes the pawns/);
    assert.match(await sp.textContent('#rules-summary'), /^The rules of (Doubles|High-Low)$/);
  }
  await sp.screenshot({ path: `${outDir}/play-09-${name}-from-placement-${w}.png`, fullPage: true });
  // Its link replays it, score and all.
  const replay = await phone.newPage();
  await replay.goto(sp.url());
  await replay.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  await idle(replay);
  assert.equal(await replay.getAttribute('#play-status', 'data-over'), 'true', 'the link replays the game');
  assert.equal(await replay.textContent('#score'), await sp.textContent('#score'));
  assert.equal(await replay.textContent('#play-why'), why);
  // Analysed: the page says how far the replay of its moves has got (each
  // placement's position is analysed again, seconds in all).
  if (name === 'highlow') {
    await replay.addInitScript(() => document.addEventListener('DOMContentLoaded', () => {
      const value = document.querySelector('#value');
      new MutationObserver(() => {
        if (value.textContent.startsWith('Replaying')) sessionStorage.setItem('replayNote', value.textContent);
      }).observe(value, { childList: true, characterData: true, subtree: true });
    }));
    await replay.click('[data-testid=analyse-game]');
    await replay.waitForSelector('body[data-ready=true]', { timeout: 120000 });
    await replay.waitForFunction(() => /^\d+ \//.test(document.querySelector('#ply').textContent), null, { timeout: 60000 });
    const note = await replay.evaluate(() => sessionStorage.getItem('replayNote'));
    assert.match(note || '', /^Replaying the link's moves: \d+ of \d+…$/, 'the replay\'s progress shown');
  }
  await phone.close();
  assert.deepEqual(spErrors, []);
  return moves;
}

await runChecks(browser, proc, async () => {
  // Every two-player game from its placement phase to its end: after the
  // sixteenth pawn the game goes on (Singles once threw on every move: the
  // running score had no board), the computer's move is named beside the
  // board, the result is explained (High-Low's last pawn, Doubles' sweep),
  // the link replays the game.
  // Each game at both sizes, once each: the page is the same HTML and
  // script on the server and on the static site, so the server's games are
  // played at phone size and the site's (its solver in the worker) at
  // desktop size. Every game at both sizes on both took 438 s of the CI's
  // browser step, which is CPU-bound beside the sanitizer build.
  const sizes = process.env.SCARNEY_SITE ? [[1280, 1000]] : [[390, 844]];
  const plan = ['singles', 'doubles', 'highlow'].flatMap((name) => sizes.map(([w, h]) => [name, w, h]));
  for (const [name, w, h] of plan) {
    const t0 = Date.now();
    const moves = await playToEnd(name, w, h);
    console.log(`ok   a ${name} game from its placements to its end at ${w}x${h} (${moves} moves, ${Date.now() - t0} ms), its link`);
  }
});
