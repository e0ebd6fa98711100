// The page's pure functions (tools/scarney/web/common.js) under Node's own
// test runner: moves as the server's data, real sides, the running score,
// the chart's layout, a link's ply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

// The page's module as the browser gets it: a .js file with no package.json
// to call it a module, so it is imported from its text (any Node version).
const source = readFileSync(new URL('../../../tools/scarney/web/common.js', import.meta.url), 'utf8');
const {
  circleKinds, circlesOf, touchesAll, touchesExactly, boardOrder, realSide, sideAfter,
  pointsAlong, spotsOn, scoreText, chartLayout, linkPly, fmt, signed, approx, errorText, noiseOf, splitTicks, withTitle, parseHands,
  RULES, glossaryEntries, setGames,
} = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

test('a move\'s circles by kind, as numbers', () => {
  assert.deepEqual(circleKinds({ from: 'C5', over: 'C6', to: 'C7' }),
    { from: [5], over: [6], to: [7], removed: [], placed: [] });
  assert.deepEqual(circleKinds({ removed: ['C5', 'C6'] }).removed, [5, 6]);
  assert.deepEqual(circleKinds({ placed: 'C12', pawn: 'G3' }).placed, [12]);
  assert.deepEqual(circlesOf({}), [], 'call Scarney touches nothing');
});

test('the moves a click keeps: touching every circle picked, or exactly them', () => {
  const single = { removed: ['C1'] }, pair = { removed: ['C1', 'C2'] };
  assert.equal(touchesAll(single, [1]), true);
  assert.equal(touchesAll(pair, [1]), true);
  assert.equal(touchesAll(pair, [1, 3]), false);
  assert.equal(touchesExactly(single, [1]), true, 'a single removal is the click alone');
  assert.equal(touchesExactly(pair, [1]), false);
  assert.equal(touchesAll({ from: 'C5', over: 'C6', to: 'C7' }, [5, 7]), true, 'a jump by its pawn and landing');
});

test('moves listed by the board, placements by pawn then circle number', () => {
  const ms = [
    { circles: { placed: 'C10', pawn: 'G3' } },
    { circles: { placed: 'C9', pawn: 'G3' } },
    { circles: { placed: 'C1', pawn: 'R1' } },
  ];
  const sorted = [...ms].sort((a, b) => boardOrder(a).localeCompare(boardOrder(b)));
  assert.deepEqual(sorted.map((m) => m.circles.placed), ['C9', 'C10', 'C1']);
});

test('real sides follow the server\'s letters, not the ply count', () => {
  // A board position writes its side to move as A.
  assert.equal(realSide('A', { letter: 'A', side: 'B' }), 'B');
  assert.equal(realSide('B', { letter: 'A', side: 'B' }), 'A');
  // A placement writes its sides as they are.
  assert.equal(realSide('B', { letter: 'B', side: 'B' }), 'B');
  // The other side moves next; the same side when the server says so (the
  // Doubles nonstarter places the last pawn and moves first).
  assert.equal(sideAfter('A', { mover: 'A', next: 'B' }), 'B');
  assert.equal(sideAfter('B', { mover: 'B', next: 'B' }), 'B');
  assert.equal(sideAfter('A', { mover: 'A' }), null, 'no side after (Singles\' last placement)');
  assert.equal(sideAfter(null, { gain: 2 }), null, 'one side');
});

test('the running score', () => {
  // The facts it reads, as GET /api/v1/games gives them (those it asks).
  setGames([{ name: 'solitaire', scored: true }, { name: 'doubles', sweep: true }, { name: 'highlow', removal: true }]);
  const board = new Map([[1, 'G3'], [2, 'B4']]);
  assert.equal(spotsOn(board), 7);
  assert.equal(scoreText('solitaire', { board }), 'score so far: 33');
  const points = pointsAlong({ A: 5 }, [{ mover: 'A', gain: 2 }, { mover: 'B', gain: 4 }, { mover: 'A', gain: 1 }]);
  assert.deepEqual(points, { A: 8, B: 4 });
  assert.equal(scoreText('highlow', { points, names: { A: 'you', B: 'computer' } }), 'spots removed: you 8, computer 4');
  assert.equal(scoreText('doubles', { points, names: { A: 'A', B: 'B' } }), 'points taken: A 8, B 4');
  assert.equal(scoreText('doubles', { points, names: { A: 'A', B: 'B' }, final: true }), 'final points, the sweep included: A 8, B 4');
});

test('the chart\'s layout: one point a ply, zero line, ticks', () => {
  const L = chartLayout([10, -6, 4], { W: 100, H: 60, pad: 10 });
  assert.equal(L.points.length, 3);
  assert.deepEqual(L.points.map((p) => p.ply), [0, 1, 2]);
  assert.equal(L.points[0].x, 10);
  assert.equal(L.points[2].x, 90);
  assert.equal(L.points[0].y, 10, 'the highest value on top');
  assert.equal(L.points[1].y, 50, 'the lowest at the bottom');
  assert.ok(L.zero > 10 && L.zero < 50);
  assert.deepEqual(chartLayout([10, -6, 4]).ticks.map((t) => t.v).sort((a, b) => a - b), [-6, 0, 10]);
  assert.deepEqual(chartLayout([2, -18]).ticks.map((t) => t.v), [-18, 2], 'no zero crowding the top');
  assert.equal(chartLayout([3, 3]).points[0].y, chartLayout([3, 3]).points[1].y, 'a flat line stays flat');
});

test('a link\'s ply: a number within the moves, or what was wrong', () => {
  assert.deepEqual(linkPly(null, 4), { ply: undefined });
  assert.deepEqual(linkPly('2', 4), { ply: 2 });
  for (const bad of ['abc', '-3', '1.5', ''])
    assert.match(linkPly(bad, 4).error, /is not a number of moves/, bad);
  assert.match(linkPly('99', 4).error, /past its 4 moves/);
});

test('numbers in words', () => {
  assert.equal(fmt(3.14159, false), '3.1');
  assert.equal(fmt(7, true), '7');
  assert.equal(signed(-4, true), '−4');
  assert.equal(signed(0, true), '±0');
  // An estimate says so: "≈" before its sign; its measured error beside it.
  assert.equal(signed(-4.26, false), '≈ −4.3');
  assert.equal(approx(161.5, false, 2), '≈ 161.50');
  assert.equal(approx(161, true), '161');
  assert.equal(errorText(4.63), ' (± 4.6)');
  assert.equal(errorText(undefined), '');
  assert.equal(noiseOf({ std_error: 1.5, error: 2.2 }), 3);
  assert.equal(noiseOf({ std_error: 0.5, error: 4.6 }), 4.6);
});

test('the command line\'s `quotes` as code, titles kept', () => {
  assert.deepEqual(splitTicks('move 1 `A removes G1` (column 75)'),
    [{ text: 'move 1 ', code: false }, { text: 'A removes G1', code: true }, { text: ' (column 75)', code: false }]);
  assert.equal(withTitle('game: solitaire\n', 'Eight pawns'), 'title: Eight pawns\ngame: solitaire\n');
  assert.equal(withTitle('title: X\ngame: solitaire\n', 'Y'), 'title: X\ngame: solitaire\n', 'its own title kept');
});

test('a placement\'s hands', () => {
  assert.deepEqual(parseHands('A=G3 G4 B=R1 R2'), [{ side: 'A', pawns: ['G3', 'G4'] }, { side: 'B', pawns: ['R1', 'R2'] }]);
  assert.deepEqual(parseHands(''), []);
});

// The rules panel reads the glossary: every entry a game's rules name is
// there (a glossary entry renamed fails here, not in a reader's browser).
test('the rules panel: each game\'s entries are in docs/glossary.md', () => {
  const md = readFileSync(new URL('../../../docs/glossary.md', import.meta.url), 'utf8');
  const entries = glossaryEntries(md);
  for (const [game, terms] of Object.entries(RULES))
    for (const term of terms) {
      const e = entries.get(term);
      assert.ok(e && e.text.length > 20, `${game}: "${term}" is in the glossary`);
      assert.ok(!e.text.includes('\n') && !e.text.includes('## '), `${term}: one paragraph`);
    }
  assert.match(entries.get('High-Low').text, /loses with a 1 or 2/);
  assert.equal(entries.get('Score').note, '(Solitaire, Singles)');
  assert.match(entries.get('Sweep').text, /^when no jump is left/);
});
