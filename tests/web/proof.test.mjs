// A High-Low position on a checked proof's top, as the analysis board shows
// it: a proof made by `scarney prove` (8 pawns left, cut at 6), the server
// given its top (`serve --proof`), the position opened by its link. The
// value's details say "proved: W wins" with the proof's placement where the
// winner is to place. On the static site (its module has no proof) the same
// from the site's proof-top.json, here the table `serve --proof-json`
// writes for this proof; and the top's other positions as the server says
// them.
// Screenshot to OUT_DIR.
//
//   node proof.test.mjs SCARNEY_BINARY SOURCE_DIR OUT_DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, watchErrors, runChecks } from './server.mjs';

const [scarneyArg, , outDir] = process.argv.slice(2);
const scarney = resolve(scarneyArg);  // run from a scratch folder
mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'scarney-proof-'));
const run = (args) => execFileSync(scarney, args, { cwd: work, encoding: 'utf8' });
const position = run(['deal', '--game', 'highlow', '--left', '8', '--count', '1', '--seed', '1']);
writeFileSync(join(work, 'eight.scarney'), position);
const made = run(['prove', 'eight.scarney', '--frontier', '6', '--dir', 'd', '--threads', '1']);
const winner = made.match(/proven: ([AB]) wins/)[1];

const top = join(work, 'd', 'top.cert');
run(['serve', '--proof', top, '--proof-json', 'proof-top.json']);
const { proc, url } = await startServer(scarney, ['--proof', top], { 'proof-top.json': join(work, 'proof-top.json') });
const browser = await launchBrowser();
await runChecks(browser, proc, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${url}#game=highlow&pos=${encodeURIComponent(position)}`);
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  await page.waitForSelector('[data-move]', { timeout: 30000 });
  const detail = await page.textContent('#value-detail');
  // A places at 8 left: his choice is named where he is the winner.
  const choice = winner === 'A' ? /; its choice here: A places [BRYG][1-4] on C\d+/ : /^(?!.*its choice)/;
  assert.match(detail, new RegExp(`proved: ${winner} wins, by the checked proof`));
  assert.match(detail, choice);
  assert.match(await page.textContent('#value'), new RegExp(`\(${winner} wins: proved\)`));
  // The moves into positions on the top say their proved outcome: here A's.
  const proved = await page.$$eval('[data-move][data-proved]', (bs) => bs.map((b) => [b.dataset.move, b.dataset.proved, b.textContent]));
  assert.ok(proved.length > 0, 'some moves lead onto the top');
  for (const [move, wins, text] of proved) {
    assert.equal(wins, String(winner === 'A'), `${move}: proved for A as the proof says`);
    assert.match(text, winner === 'A' ? /wins: proved/ : /loses: proved/);
  }
  await page.screenshot({ path: `${outDir}/proof-on-top.png`, fullPage: true });
  // A position one placement on, on the top, as the server (given the
  // proof) says it: the proof's own placement, then the first reply.
  const on = JSON.parse(await (await fetch(`${url}api/v1/analyse`, { method: 'POST', body: position })).text());
  const next = on.moves.find((m) => m.move === on.proved_placement)?.after;
  assert.ok(next, `the proof's placement ${on.proved_placement} is among the moves`);
  const after = JSON.parse(await (await fetch(`${url}api/v1/analyse`, { method: 'POST', body: next })).text());
  assert.equal(after.proved_winner, winner, 'the server says the next position proved');
  await page.goto(`${url}#game=highlow&pos=${encodeURIComponent(next)}`);
  await page.waitForFunction((w) => document.querySelector('#value').textContent.includes(`(${w} wins: proved)`), winner, { timeout: 30000 });
  assert.match(await page.textContent('#value-detail'), new RegExp(`proved: ${winner} wins, by the checked proof`));
  // B to place there: every placement of his leads onto the top.
  await page.waitForSelector('[data-move][data-proved]', { timeout: 30000 });
  const all = await page.$$eval('[data-move]', (bs) => bs.map((b) => b.dataset.proved));
  assert.ok(all.every((p) => p === String(winner === 'B')), `every move proved: ${all}`);
  await page.screenshot({ path: `${outDir}/proof-moves-proved.png`, fullPage: true });
  assert.deepEqual(errors, []);
  console.log(`ok   a position on the proof's top: proved: ${winner} wins${process.env.SCARNEY_SITE ? ' (the site: its proof-top.json)' : ''}`);
  await context.close();
}, () => rmSync(work, { recursive: true, force: true }));
