// The trainer in a real browser: the book's end games and traps as
// exercises, opened by link (`#train=K`) and from the Start panel; a wrong
// move earns a hint and the book's line, a best move is called right (as
// the solver values the moves), the score counts first tries, Next and the
// browser's Back step between exercises; no console error. Screenshots to
// OUT_DIR.
//
//   node trainer.test.mjs SCARNEY_BINARY SOURCE_DIR OUT_DIR
import { mkdirSync } from 'node:fs';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, watchErrors, runChecks } from './server.mjs';

const [scarney, , outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const { proc, url } = await startServer(scarney);
const browser = await launchBrowser();
// The exercises and every move's value, asked of the server (on the static
// site too: the reference answers come from the native solver).
const book = (await (await fetch(url + 'api/v1/book')).json()).positions.filter((p) => p.kind === 'book');
const analysed = async (text) => (await fetch(url + 'api/v1/analyse', { method: 'POST', body: text })).json();
const ready = (page, k) => page.waitForSelector(`#trainer[data-ready="${k}"]`, { timeout: 30000 });

await runChecks(browser, proc, async () => {
  // Phone size with the server's page only: the static site's is the same
  // page with another engine.
  for (const [w, hgt] of process.env.SCARNEY_SITE ? [[1280, 1000]] : [[1280, 1000], [390, 844]]) {
    const context = await browser.newContext({ viewport: { width: w, height: hgt }, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);

    // Exercise 1 by its link: a wrong move, then a best one.
    await page.goto(`${url}#train=1`);
    await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
    await ready(page, 1);
    assert.match(await page.textContent('#train-title'), new RegExp(`^Exercise 1 of ${book.length}: ${book[0].title}`));
    const a = await analysed(book[0].position);
    const best = a.moves[0];
    const wrong = a.moves.find((m) => m.value !== best.value);
    assert.ok(wrong, 'exercise 1 has a move that is not best');
    assert.equal(await page.locator('[data-train-move]').count(), a.moves.length);
    await page.click(`[data-train-move="${wrong.move}"]`);
    const said = await page.textContent('[data-testid=train-feedback]');
    assert.match(said, new RegExp(`^Not the best: ${wrong.move} .* gives away ${Math.abs(best.value - wrong.value)}\\. Hint: the best move starts at C\\d+`));
    assert.match(said, /The book's line: /);
    await page.screenshot({ path: `${outDir}/train-01-wrong-${w}.png`, fullPage: true });
    await page.click(`[data-train-move="${best.move}"]`);
    assert.match(await page.textContent('[data-testid=train-feedback]'), new RegExp(`^Right: ${best.move} is a best move`));
    // The move made on the board, its circles marked.
    const landed = best.circles.to || best.circles.placed;
    if (landed) assert.equal(await page.getAttribute(`#board [data-circle="${landed}"]`, 'data-last'), best.circles.to ? 'to' : 'placed');
    assert.ok(await page.locator('#board [data-last]').count() > 0, 'the move marked');
    assert.equal(await page.textContent('[data-testid=train-score]'), `Solved at the first try: 0 of 1 tried (${book.length} exercises).`);
    // The rules of the exercise's game beside it.
    assert.equal(await page.getAttribute('#rules-box', 'data-game'), book[0].game);
    assert.equal(await page.isVisible('#rules-summary'), true, 'the rules panel in view of the trainer');
    assert.equal(await page.isVisible('#new-game'), false, 'the Play controls are not');

    // Next: exercise 2 in the link, solved at the first try.
    await page.click('#train-next');
    await ready(page, 2);
    assert.match(page.url(), /#train=2$/);
    const b = await analysed(book[1].position);
    await page.click(`[data-train-move="${b.moves[0].move}"]`);
    assert.match(await page.textContent('[data-testid=train-feedback]'), /^Right: /);
    assert.equal(await page.textContent('[data-testid=train-score]'), `Solved at the first try: 1 of 2 tried (${book.length} exercises).`);
    await page.screenshot({ path: `${outDir}/train-02-right-${w}.png`, fullPage: true });

    // A High-Low trap: its best move wins.
    const trap = book.findIndex((p) => p.game === 'highlow');
    await page.goto(`${url}#train=${trap + 1}`);
    await ready(page, trap + 1);
    const t = await analysed(book[trap].position);
    await page.click(`[data-train-move="${t.moves[0].move}"]`);
    assert.match(await page.textContent('[data-testid=train-feedback]'), /^Right: .* \(wins, payoff \d+\)\.$/);

    // Back returns to the exercise before; the Start panel's button opens
    // the trainer from the analysis board.
    await page.goBack();
    await ready(page, 2);
    await page.click('#train-leave');
    await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
    await page.waitForFunction(() => document.body.dataset.mode !== 'train');
    await page.click('[data-testid=train-start]');
    await ready(page, 1);
    assert.deepEqual(errors, [], 'no console error');
    await context.close();
    console.log(`ok   the trainer at ${w}x${hgt}: a wrong move's hint and the book's line, a right one, the score, Next, Back, the Start panel`);
  }
});
