// What the analysis board and the game mode share: the games' names,
// numbers in words, element builders, and the pure functions that turn the
// server's move data (docs/api.md: each move's `circles`, `mover`, `next`,
// `gain`) into what the page shows. Nothing here reads move text: every
// game fact comes from the server's fields. The pure functions are tested
// under Node (tests/web/unit).

// Each game's facts as the server gives them (GET /api/v1/games, from
// solver/games/game_facts.cpp): its label, two sides or one, whether its
// value is a score, a margin or a payoff, its phases, ... The page asks
// these instead of naming games. Read once at the start (setGames); an
// unknown game has none.
const gameFacts = new Map();
export function setGames(list) {
  for (const g of list) gameFacts.set(g.name, g);
}
export const facts = (game) => gameFacts.get(game) || {};

export const $ = (id) => document.getElementById(id);

// Exact values as they are; estimates (exact === false) with `digits`
// decimals. `approx` and `signed` mark an estimate with "≈": a value that
// is not exact says so wherever it is shown.
export const fmt = (v, exact, digits = 1) =>
  (exact === false ? (Math.round(v * 10 ** digits) / 10 ** digits).toFixed(digits) : String(v));
const mark = (exact) => (exact === false ? '≈ ' : '');
export const approx = (v, exact, digits = 1) => mark(exact) + fmt(v, exact, digits);
export const signed = (v, exact) => mark(exact) + (v > 0 ? '+' : v < 0 ? '−' : '±') + fmt(Math.abs(v), exact);
// The banner under the title: "Every value exact" only where every value
// shown is (here: the position's values; before: the chart's earlier ones).
// The link in the address bar: a new history entry when it shows another
// position or game than the entry now (its `keys` differ), so that the
// browser's Back returns to it; the same entry replaced when moves are
// played or stepped through.
export function setHash(hash, keys) {
  if (location.hash === hash) return;
  const now = new URLSearchParams(location.hash.slice(1));
  const next = new URLSearchParams(hash.slice(1));
  const another = [...now.keys()].length > 0 && keys.some((k) => now.get(k) !== next.get(k));
  if (another) history.pushState(null, '', hash);
  else history.replaceState(null, '', hash);
}

export function showExactness(here, before) {
  $('exactness').textContent = here ? 'Estimates here (≈), not exact values'
    : before ? 'Exact values here; earlier placements were estimated (≈)' : 'Every value exact';
  $('exactness').dataset.exact = String(!here && !before);
}

// An estimate's measured error (the server's `error`), as " (± 4.6)".
export const errorText = (error) => (error ? ` (± ${fmt(error, false)})` : '');
// The threshold below which an estimate's loss says nothing: twice its
// standard error, and the measured error of such estimates.
export const noiseOf = (a) => Math.max(2 * (a.std_error || 0), a.error || 0);

export const other = (side) => (side === 'A' ? 'B' : 'A');

// An HTML element: h('button', {type: 'button', dataset: {ply: 3}}, 'text', child).
export function h(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null) continue;
    if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k === 'className') e.className = v;
    else if (k === 'onclick') e.addEventListener('click', v);
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

const SVG = 'http://www.w3.org/2000/svg';
export function svg(name, attrs = {}, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// ---- moves as data -----------------------------------------------------------

const num = (c) => Number(String(c).slice(1));

// A move's `circles` as numbers by kind: {from, over, to, removed, placed},
// each a list (empty when the move has none of that kind).
export function circleKinds(circles = {}) {
  const one = (c) => (c ? [num(c)] : []);
  return {
    from: one(circles.from),
    over: one(circles.over),
    to: one(circles.to),
    removed: (circles.removed || []).map(num),
    placed: one(circles.placed),
  };
}

// Every circle a move touches.
export function circlesOf(circles) {
  const k = circleKinds(circles);
  return [...k.from, ...k.over, ...k.to, ...k.removed, ...k.placed];
}

// Whether a move touches every circle of `picked`.
export const touchesAll = (circles, picked) => {
  const all = circlesOf(circles);
  return picked.every((c) => all.includes(c));
};

// Whether a move touches exactly the circles of `picked` (a High-Low
// single removal when a longer one starts on the same pawn).
export const touchesExactly = (circles, picked) => {
  const all = circlesOf(circles);
  return all.length === picked.length && touchesAll(circles, picked);
};

// A key to list moves by the board, not by their text: placements by pawn
// then circle, the others by the circles they touch, in number order.
export function boardOrder(m) {
  const k = circleKinds(m.circles);
  const pawn = (m.circles && m.circles.pawn) || '';
  const cs = [...k.from, ...k.placed, ...k.removed, ...k.over, ...k.to];
  return pawn + cs.map((c) => String(c).padStart(2, '0')).join('.');
}

// The real side of a letter written in a position whose side to move is
// `at.letter` there and `at.side` in truth. The server writes a board
// position with its side to move as A, and a placement's sides as they
// are: a reader follows the real sides by this alone, not by counting.
export const realSide = (letter, at) => (letter === at.letter ? at.side : other(at.side));

// The real side to move after a move (its `mover` and `next` in the letters
// of the position it is played from, whose side to move is `side`; an
// ended game's value is still that side's): null with one side.
export function sideAfter(side, m) {
  if (!side || !m.mover || !m.next) return null;
  return m.next === m.mover ? side : other(side);
}

// Points taken along moves (each {mover: real side, gain}), added to the
// points before: {A, B}.
export function pointsAlong(start, moves) {
  const p = { A: start.A || 0, B: start.B || 0 };
  for (const m of moves) if (m.mover) p[m.mover] += m.gain || 0;
  return p;
}

// The spots of the pawns on a board (Map circle -> "G3").
export const spotsOn = (board) => [...board.values()].reduce((s, p) => s + Number(p[1]), 0);

// The running score in words. Solitaire and Singles: the game score so far
// (40 − spots left); two sides: each side's points, named by `names`
// ({A: 'you', B: 'computer'}, or the letters).
export function scoreText(game, { board, points, names, final = false }) {
  if (facts(game).scored) return `score so far: ${40 - spotsOn(board)}`;
  const what = facts(game).removal ? 'spots removed' : final ? 'final points, the sweep included' : 'points taken';
  return `${what}: ${names.A} ${points.A}, ${names.B} ${points.B}`;
}

// ---- the value chart ---------------------------------------------------------

// Where each value of `values` (one per ply, 0 the start) is drawn in a
// W × H box with `pad` around: the points, the zero line's y, and the
// labelled ticks (low, high, and zero when between).
export function chartLayout(values, { W = 440, H = 200, pad = 36 } = {}) {
  const lo = Math.min(0, ...values), hi = Math.max(0, ...values);
  const span = hi - lo || 1;
  const x = (i) => pad + (i * (W - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => H - pad - ((v - lo) * (H - 2 * pad)) / span;
  // Zero's tick only where it does not crowd the others.
  const ticks = [lo, hi].map((v) => ({ v, y: y(v) }));
  if (lo < 0 && hi > 0 && Math.min(y(0) - y(hi), y(lo) - y(0)) >= 16) ticks.push({ v: 0, y: y(0) });
  const xticks = [];
  const step = Math.max(1, Math.ceil((values.length - 1) / 8));
  for (let i = 0; i < values.length; i += step) xticks.push({ ply: i, x: x(i) });
  return { points: values.map((v, i) => ({ ply: i, v, x: x(i), y: y(v) })), zero: y(0), ticks, xticks, W, H, pad };
}

// A link's `ply` (null: absent) against the moves it holds: the ply to
// show (undefined: the last move played), and what was wrong with it.
export function linkPly(text, max) {
  if (text === null || text === undefined) return { ply: undefined };
  if (!/^\d+$/.test(text.trim())) return { ply: undefined, error: `the link's ply "${text}" is not a number of moves: showing the last move played` };
  const n = Number(text);
  if (n > max) return { ply: undefined, error: `the link's ply ${n} is past its ${max} move${max === 1 ? '' : 's'}: showing the last` };
  return { ply: n };
}

// The command line's `quoted` words as code: [{text, code}], in order.
export function splitTicks(text) {
  return String(text).split('`').map((t, i) => ({ text: t, code: i % 2 === 1 })).filter((x) => x.text);
}

// A position's text with a title put first (the title of the position it
// came from: a move's position has none of its own).
export function withTitle(text, title) {
  if (!title || /^\s*title\s*:/im.test(text)) return text;
  return `title: ${title}\n${text}`;
}

// A placement's `hands:` text ("A=G3 G4 B=R1 R2") as [{side, pawns}].
export function parseHands(text) {
  return [...String(text || '').matchAll(/([AB])\s*=((?:\s*[BRYG][1-4])*)/gi)]
    .map(([, side, pawns]) => ({ side: side.toUpperCase(), pawns: pawns.trim().split(/\s+/).filter((x) => x).map((x) => x.toUpperCase()) }));
}

// The rules panel (rules.js): for each game the glossary entries
// (docs/glossary.md) that make up its rules.
const COMMON = ['Board', 'Pawn'];
const PLACING = ['Placement phase'];
export const RULES = {
  solitaire: [...COMMON, 'Take-off', 'Jump', 'Scarney Solitaire', 'Score', 'Rating'],
  singles: [...COMMON, ...PLACING, 'Take-off', 'Jump', 'Calling Scarney', 'Singles', 'Score', 'Rating'],
  doubles: [...COMMON, ...PLACING, 'Take-off', 'Jump', 'Sweep', 'Doubles', 'Margin'],
  highlow: [...COMMON, ...PLACING, 'Removal', 'High-Low', 'Payoff'],
};

// The glossary's bullets by their bold term: "- **Term** (note): text".
export function glossaryEntries(markdown) {
  const out = new Map();
  for (const item of markdown.split(/\n(?=- \*\*)/)) {
    const m = item.match(/^- \*\*([^*]+)\*\*\s*(\([^)]*\))?:?\s*([\s\S]*)$/);
    if (m) out.set(m[1].trim(), { note: m[2] || '', text: m[3].split(/\n\n/)[0].replace(/\n\s*/g, ' ').trim() });
  }
  return out;
}
