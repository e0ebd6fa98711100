// Whole games from their placement phase to their end, played by clicks
// as a person would, at desktop and phone sizes, with no page error and no
// console error: Singles (after the sixteenth pawn it once threw on every
// move: the running score had no board). Screenshots to OUT_DIR.
//
//   node games.test.mjs SCARNEY_BINARY SOURCE_DIR OUT_DIR
import { mkdirSync } from 'node:fs';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const [scarney, , outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const { proc, url } = await startServer(scarney);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const idle = (page) => page.waitForSelector('#game-view[data-busy=false]', { timeout: 60000 });
let failed = false;
try {
  // A Singles game from its placement phase to its end, at desktop and
  // phone sizes: after the sixteenth pawn the game goes on (it once threw
  // on every move: the running score had no board), the score is shown.
  for (const [w, h] of [[1280, 1000], [390, 844]]) {
    const phone = await browser.newContext({ viewport: { width: w, height: h }, bypassCSP: true });
    const sp = await phone.newPage();
    const spErrors = [];
    sp.on('pageerror', (e) => spErrors.push(String(e)));
    sp.on('console', (m) => { if (m.type() === 'error') spErrors.push(m.text()); });
    await sp.goto(url);
    await sp.waitForSelector('body[data-ready=true]', { timeout: 15000 });
    await sp.selectOption('#play-game', 'singles');
    await sp.selectOption('#play-start', 'placement');
    await sp.selectOption('#play-side', 'A');
    await sp.selectOption('#play-strength', 'strong');
    await sp.fill('#play-seed', '4');
    await sp.click('[data-testid=new-game]');
    await idle(sp);
    let moves = 0;
    for (; moves < 60; ++moves) {
      if ((await sp.getAttribute('#play-status', 'data-over')) === 'true') break;
      await sp.evaluate(() => { const box = document.querySelector('#play-moves-box'); if (box) box.open = true; });
      // The first move listed, but not the call that ends the game at once.
      const buttons = sp.locator('[data-play-move]:not([data-play-move*="Scarney"])');
      await ((await buttons.count()) ? buttons.first() : sp.locator('[data-play-move]').first()).click();
      await sp.waitForFunction(() => document.querySelector('#game-view').dataset.busy === 'false', null, { timeout: 60000 });
      assert.deepEqual(spErrors, [], `no error after ${moves + 1} moves`);
    }
    assert.equal(await sp.getAttribute('#play-status', 'data-over'), 'true', `the Singles game ended (${moves} moves)`);
    assert.match(await sp.textContent('#score'), /^score so far: -?\d+$/);
    assert.match(await sp.textContent('#play-status'), /Game over/);
    await sp.screenshot({ path: `${outDir}/play-09-singles-from-placement-${w}.png`, fullPage: true });
    // Its link replays it, score and all.
    const replay = await phone.newPage();
    await replay.goto(sp.url());
    await replay.waitForSelector('body[data-ready=true]', { timeout: 15000 });
    await idle(replay);
    assert.equal(await replay.getAttribute('#play-status', 'data-over'), 'true', 'the link replays the game');
    assert.equal(await replay.textContent('#score'), await sp.textContent('#score'));
    await phone.close();
    assert.deepEqual(spErrors, []);
    console.log(`ok   a Singles game from its placements to its end at ${w}x${h} (${moves} moves), its link`);
  }
} catch (e) {
  console.log(`FAIL ${e.stack}`);
  failed = true;
} finally {
  await browser.close();
  proc.kill('SIGINT');
}
process.exit(failed ? 1 : 0);
