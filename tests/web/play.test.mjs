// The game mode in a real browser: a whole High-Low game played by clicks
// against the perfect computer to its end, the value history drawn, a take
// back, and the shared link replaying the game. Screenshots to OUT_DIR.
//
//   node play.test.mjs SCARNEY_BINARY SOURCE_DIR OUT_DIR
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const [scarney, , outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const proc = spawn(scarney, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  createInterface({ input: proc.stdout }).once('line', (line) => {
    const m = line.match(/http:\/\/127\.0\.0\.1:\d+\//);
    m ? resolve(m[0]) : reject(new Error(`unexpected first line: ${line}`));
  });
  proc.once('exit', (code) => reject(new Error(`scarney serve exited with ${code}`)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const idle = (page) => page.waitForSelector('#game-view[data-busy=false]', { timeout: 20000 });
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });

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
  assert.match(status, /Game over: [AB] wins \d+/);
  const marks = await page.locator('[data-testid=value-chart-svg] circle').count();
  assert.ok(marks >= clicks * 2 - 1, `one mark a move (${marks})`);
  assert.ok(await page.locator('[data-testid=value-chart-svg] circle.lost').count() >= 1, 'a lost move marked');
  assert.match(await page.textContent('#chart-notes'), /better: /);
  await page.screenshot({ path: `${outDir}/play-02-over.png`, fullPage: true });
  const link = page.url();
  const line = await page.textContent('#play-line');

  await page.click('[data-testid=take-back]');
  await idle(page);
  assert.equal(await page.getAttribute('#play-status', 'data-over'), 'false', 'taken back');
  assert.ok((await page.textContent('#play-line')).length < line.length);
  await page.screenshot({ path: `${outDir}/play-03-taken-back.png`, fullPage: true });

  const again = await context.newPage();
  await again.goto(link);
  await again.waitForSelector('body[data-ready=true]', { timeout: 15000 });
  await idle(again);
  assert.equal(await again.textContent('#play-status'), status, 'the link replays the game');
  assert.equal(await again.textContent('#play-line'), line);
  await again.screenshot({ path: `${outDir}/play-04-link.png`, fullPage: true });
  assert.deepEqual(errors, []);
  console.log(`ok   a High-Low game by clicks (${clicks} moves), the value history, a take-back, the link`);
} catch (e) {
  console.log(`FAIL ${e.stack}`);
  failed = true;
} finally {
  await browser.close();
  proc.kill('SIGINT');
}
process.exit(failed ? 1 : 0);
