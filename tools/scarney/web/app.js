// The analysis board: a root position, the moves played from it, and the
// best line after them, one timeline stepped with ◀ ▶ and the arrow keys.
import * as api from './api.js';
import { wireGame, readPlayHash, game, gameKey } from './game.js';
import { drawBoard, highlight, markLast, markValues, parsePosition, formatPosition, pawnWords, drawHands } from './board.js';
import { $, facts, setGames, circleKinds, fmt, approx, showExactness, setHash, signed, errorText, noiseOf, h, other, realSide, sideAfter, pointsAlong, scoreText, linkPly, circlesOf,
  splitTicks, withTitle } from './common.js';
import { drawChart } from './chart.js';
import { showRules } from './rules.js';
import { startTrainer, trainHash, wireTrainer } from './trainer.js';

// A node of the timeline: its position `text`, the real side to move
// there (`side`, null with one side), and the move that led to it as the
// server gives it: `move` (its name), `circles`, the real `mover`, `gain`.
const state = {
  root: null,      // position text
  rootSide: null,  // the real side to move at the root
  played: [],      // nodes: the moves played from the root
  variations: [],  // lines played before from the same root (each nodes)
  handPawn: null,  // a placement: the pawn chosen in a hand
  line: [],        // nodes: the best line after the last played move
  lineEnd: null,   // the analysis the best line comes from
  cursor: 0,       // index into nodes()
  turns: 0,        // quarter turns of the board
  editing: false,
  edit: null,      // the editor's fields (parsePosition of the root)
  selected: 'B1',  // the palette's pawn
  book: null,      // the book entry shown, if any
  bookList: [],
  shown: null,     // the analysis of the position shown
  token: 0,
  drawn: null,     // the cursor the board was last drawn at (to animate one step)
};

const nodes = () => [{ move: null, text: state.root, side: state.rootSide }, ...state.played, ...state.line];

// How a position writes its side to move: A on a board (the server writes
// the side to move as A), a placement's own letter.
const letterOf = (a) => (a.phase === 'placement' ? a.to_move : 'A');
// The root's real side to move: a placement's own; A on a two-sided board.
const rootSideOf = (a) => (a.phase === 'placement' ? a.to_move : (a.moves || []).some((m) => m.mover) || a.movers ? 'A' : null);

// The node a move of the analysis `a` of `parent` leads to.
function childNode(parent, a, m, text) {
  const at = { letter: letterOf(a), side: parent.side };
  return {
    move: m.move, text, circles: m.circles, gain: m.gain,
    mover: m.mover && parent.side ? realSide(m.mover, at) : null,
    side: sideAfter(parent.side, m),
    placement: a.phase === 'placement',
  };
}

// ---- errors and announcements ----------------------------------------------

function showError(e) {
  const box = $('error');
  if (!e) {
    box.hidden = true;
    box.textContent = '';
    return;
  }
  let msg = e.message || String(e);
  if (e.line) msg = `line ${e.line}${e.column ? `, column ${e.column}` : ''}: ${msg}`;
  box.textContent = msg;
  box.hidden = false;
}

const announce = (text) => { $('live').textContent = text; };

// ---- values in words --------------------------------------------------------

function valueText(a, index) {
  const side = nodes()[index]?.side || 'A';
  if (a.phase === 'placement') {
    const whose = a.value_for || side;
    const exact = a.exact !== false;
    // An estimate names a likely winner, not a certain one; a checked
    // proof (High-Low, on its top) the certain one.
    const wins = (w) => (a.proved_winner ? `${a.proved_winner} wins: proved`
      : `${side} ${exact ? '' : 'likely '}${w ? 'wins' : 'loses'}`);
    if (a.value === undefined) return a.to_move_wins !== undefined ? wins(a.to_move_wins) : '';
    const err = errorText(a.error);
    if (facts(a.game).value === 'score') return `${whose}'s Singles score ${approx(a.value, exact)}${err}`;
    if (facts(a.game).value === 'margin') return `margin ${signed(a.value, exact)} for ${whose}${err}`;
    return `payoff ${signed(a.value, exact)} for ${whose}${err}` +
      (a.to_move_wins !== undefined ? ` (${wins(a.to_move_wins)})` : '');
  }
  if (facts(a.game).scored)
    return `best score ${a.value}` + (a.rating ? ` (${a.rating})` : '');
  // An ended Doubles game: what is left is the sweep, against the side
  // that did not move last.
  if (facts(a.game).sweep && !(a.moves || []).length) return `game over: the sweep, ${signed(a.value, true)} for ${side}`;
  if (facts(a.game).value === 'margin') return `margin ${signed(a.value, true)} for ${side}, the side to move`;
  return `${side} ${a.to_move_wins ? 'wins' : 'loses'}: payoff ${signed(a.value, true)} for ${side}`;
}

function moveValueText(a, m) {
  const exact = a.exact !== false;
  // On a checked proof's top the outcome is proved; the payoff stays an
  // estimate, so it is left out rather than shown beside a proof.
  if (m.proved_wins !== undefined) return `${m.proved_wins ? 'wins' : 'loses'}: proved`;
  if (m.value === undefined) return m.to_move_wins ? 'wins' : 'loses';
  if (facts(a.game).value === 'payoff') return `${exact ? '' : 'likely '}${m.to_move_wins ? 'wins' : 'loses'} ${signed(m.value, exact)}`;
  if (facts(a.game).value === 'margin') return signed(m.value, exact);
  return approx(m.value, exact);
}

// Quality against the best move: best, good, inaccurate, mistake. An
// estimate's loss within its error (twice the standard error, and the
// measured error of such estimates) says nothing: such a move is "≈ as
// good"; beyond it, an estimate is never called more than "weaker".
function quality(a, m, best) {
  const exact = a.exact !== false;
  if (exact && best.to_move_wins === true && m.to_move_wins === false) return ['mistake', 'loses'];
  if (m.value === undefined || best.value === undefined) return ['best', 'best'];
  const loss = Math.abs(best.value - m.value);
  if (loss < 1e-9) return ['best', 'best'];
  if (!exact) {
    const d = `−${fmt(loss, false)}`;
    if (loss <= noiseOf(a)) return ['good', `≈ as good (${d})`];
    return loss <= 10 ? ['inaccurate', `≈ weaker ${d}`] : ['mistake', `≈ mistake ${d}`];
  }
  const d = `−${fmt(loss, exact)}`;
  if (loss <= 2) return ['good', `good ${d}`];
  if (loss <= 10) return ['inaccurate', `weaker ${d}`];
  return ['mistake', `mistake ${d}`];
}

// ---- drawing ----------------------------------------------------------------

function boardOf(text) {
  return parsePosition(text).board;
}

// The board, the last move marked on it (slid into place when one step
// forward was taken), and the running score.
function renderBoard(text) {
  if (game.active) return;
  const board = state.editing ? state.edit.board : boardOf(text);
  drawBoard($('board'), board, { turns: state.turns, onCircle: onCircle });
  const all = nodes();
  const node = state.editing ? null : all[state.cursor];
  markLast($('board'), node && node.circles, { animate: state.drawn === state.cursor - 1, turns: state.turns });
  state.drawn = state.cursor;
  renderScore(text, all.slice(1, state.cursor + 1));
}

// The running score: Solitaire's so far, or each side's points since the
// root (High-Low: with the root's `removed:`).
function renderScore(text, moves) {
  const p = parsePosition(text);
  const root = parsePosition(state.root || '');
  let out = '';
  if (state.editing || !p.game || p.phase === 'placement') out = '';
  else if (facts(p.game).scored) out = scoreText(p.game, { board: p.board });
  else if (state.rootSide) {
    const start = { [state.rootSide]: root.removed[0], [other(state.rootSide)]: root.removed[1] };
    out = scoreText(p.game, { points: pointsAlong(start, moves), names: { A: 'A', B: 'B' } });
  }
  $('score').textContent = out;
  $('score').hidden = !out;
}

// A placement lists a hundred moves and more: the best few are shown, the
// rest behind a button (kept open for that position until another one).
const kShownFirst = 12;
let unfolded = null;  // the position whose whole list was asked for

function renderMoves(a, index) {
  const list = $('moves');
  list.replaceChildren();
  // Which ply's moves are listed (scripts wait for it after a step).
  list.dataset.ply = String(index);
  renderHands(a);
  const moves = a.moves || [];
  $('moves-note').textContent = moves.length ? '' : (a.line && a.line.length === 0 ? 'No move: the game is over.' : 'No legal move.');
  if (a.exact === false) $('moves-note').textContent = 'Estimates (depth-limited search, not exact): this placement position is too far from the end for the time allowed.';
  showExactness(a.exact === false, false);
  const here = nodes()[index]?.text ?? null;
  const folded = moves.length > 2 * kShownFirst && unfolded !== here;
  moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.hidden = folded && i >= kShownFirst;
    const b = document.createElement('button');
    b.type = 'button';
    const [cls, label] = quality(a, m, moves[0]);
    b.className = `q-${cls}`;
    b.dataset.move = m.move;
    if (m.value !== undefined) b.dataset.value = String(m.value);
    if (m.to_move_wins !== undefined) b.dataset.wins = String(m.to_move_wins);
    if (m.proved_wins !== undefined) b.dataset.proved = String(m.proved_wins);
    const name = document.createElement('span');
    name.textContent = m.move;
    const q = document.createElement('span');
    q.className = 'q';
    q.textContent = label;
    const v = document.createElement('span');
    v.className = 'v';
    v.textContent = moveValueText(a, m);
    b.append(name, q, v);
    b.setAttribute('aria-label', `${m.move}: ${moveValueText(a, m)}, ${label}`);
    const circles = m.circles;
    b.addEventListener('mouseenter', () => highlight($('board'), circles));
    b.addEventListener('focus', () => highlight($('board'), circles));
    b.addEventListener('mouseleave', () => highlight($('board'), null));
    b.addEventListener('blur', () => highlight($('board'), null));
    b.addEventListener('click', () => playMove(index, m, a));
    li.appendChild(b);
    list.appendChild(li);
  });
  if (folded) {
    const more = h('button', { type: 'button', className: 'show-all', dataset: { testid: 'show-all-moves' },
      onclick: () => { unfolded = here; renderMoves(a, index); } },
      `show all ${moves.length} moves (${moves.length - kShownFirst} more)`);
    list.appendChild(h('li', {}, more));
  }
  showValuesOnBoard(a);
}

// Values on the board (the switch under it): each circle a move reaches
// (where it lands or is placed, or the pawns it takes off or removes)
// badged with the quality of the best move that reaches it.
const kRank = { best: 0, good: 1, inaccurate: 2, mistake: 3 };
function showValuesOnBoard(a) {
  const on = $('board-values').checked && !state.editing && a && a.moves;
  $('values-key').hidden = !on;
  const marks = new Map();
  if (on) {
    for (const m of a.moves) {
      const [q] = quality(a, m, a.moves[0]);
      const k = circleKinds(m.circles);
      const reached = [...k.to, ...k.placed].length ? [...k.to, ...k.placed] : k.removed;
      for (const n of reached) if (!marks.has(n) || kRank[q] < kRank[marks.get(n)]) marks.set(n, q);
    }
  }
  markValues($('board'), marks);
}

// The evaluation bar beside the board (two-sided games): A's share of a
// scale of 40 points either way (High-Low: a win is past the middle).
function showEvalBar(a, vA) {
  const two = facts(a.game).two_player;
  $('eval-bar').hidden = !two || vA === null || !$('board-values').checked;
  if ($('eval-bar').hidden) return;
  const share = Math.max(0.02, Math.min(0.98, 0.5 + vA / 80));
  $('eval-fill').style.height = `${(share * 100).toFixed(1)}%`;
  $('eval-bar').setAttribute('aria-valuenow', (2 * share - 1).toFixed(2));
  $('eval-bar').title = `${a.exact === false ? '≈ ' : ''}${signed(vA, a.exact !== false)} for A`;
}

// Two sides: who made the move into node n ("A ", "B "); a placement names
// its side already.
const moverPrefix = (n) => (n.mover && !n.placement ? `${n.mover} ` : '');

function renderLine() {
  const list = $('line');
  list.replaceChildren();
  const all = nodes();
  all.forEach((n, i) => {
    if (i === 0) return;
    const li = document.createElement('li');
    if (i > state.played.length) li.className = 'best-line';
    if (i === state.cursor) li.classList.add('current');
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = `${i}. ${moverPrefix(n)}${n.move}`;
    b.dataset.ply = String(i);
    b.setAttribute('aria-label', `${i > state.played.length ? 'best line' : 'played'}: move ${i}, ${n.move}`);
    b.addEventListener('click', () => go(i));
    li.appendChild(b);
    list.appendChild(li);
  });
  if (all.length === 1) {
    const li = document.createElement('li');
    li.className = 'detail';
    li.textContent = 'No moves yet.';
    list.appendChild(li);
  }
  const e = state.lineEnd;
  const end = $('end-score');
  end.textContent = '';
  if (e && e.game_score !== undefined) {
    end.textContent = `The best line ends: game score ${e.game_score}` +
      (e.bonus ? ` + ${e.bonus_kind} ${e.bonus}` : ' (no bonus)') +
      ` = ${e.game_score + e.bonus} — ${e.rating}.`;
  } else if (e && e.value !== undefined && e.phase !== 'placement') {
    end.textContent = `With best play from move ${state.played.length}: ${valueText(e, state.played.length)}.`;
  } else if (e && e.final_board) {
    end.textContent = `The placements fill the board as ${e.final_board}; then: ${(e.game_line || []).join(', ')}.`;
  }
  renderVariations();
  $('ply').textContent = `${state.cursor} / ${all.length - 1}`;
  $('prev').disabled = state.cursor === 0;
  $('first').disabled = state.cursor === 0;
  $('next').disabled = state.cursor >= all.length - 1;
  $('last').disabled = state.cursor >= all.length - 1;
}

async function render() {
  const token = ++state.token;
  const all = nodes();
  const index = Math.min(state.cursor, all.length - 1);
  const text = state.editing ? formatPosition(state.edit) : all[index].text;
  renderBoard(text);
  renderLine();
  writeHash();
  let a;
  try {
    a = await api.analyse(text);
  } catch (e) {
    if (token !== state.token) return;
    const p = parsePosition(text);
    $('game-label').textContent = `${facts(p.game).label || p.game || '?'}${p.phase ? ', ' + p.phase : ''} (not a legal position)`;
    $('to-move').textContent = '';
    announce(`error: ${e.message}`);
    showError(state.linkError ? { message: `${state.linkError}; ${e.line ? `line ${e.line}: ` : ''}${e.message}` } : e);
    $('value').textContent = '—';
    $('value-detail').textContent = '';
    $('moves').replaceChildren();
    return;
  }
  if (token !== state.token) return;
  showError(state.linkError ? { message: state.linkError } : null);
  state.shown = a;
  const p = parsePosition(text);
  $('game-label').textContent = `${facts(a.game).label || a.game}, ${a.phase}` + (a.title ? ` — ${a.title}` : '');
  showRules(a.game);
  const side = all[index].side;
  $('to-move').textContent = side && (a.moves || []).length ? `${side} to move` : '';
  const v = valueText(a, index);
  $('value').textContent = v;
  const details = [];
  // On a checked proof's top (High-Low placements): who wins, proved.
  if (a.proved_winner) {
    details.push(`proved: ${a.proved_winner} wins, by the checked proof` +
      (a.proved_placement ? `; its choice here: ${a.proved_placement}` : ''));
  }
  if (facts(a.game).counts_removed && a.phase !== 'placement') details.push(`removed so far: ${p.removed[0]} by the side to move, ${p.removed[1]} by the other`);
  if (a.phase === 'placement' && a.exact === false) {
    details.push(`estimate: ${a.depth} placement${a.depth === 1 ? '' : 's'} searched, then ` +
      (a.evaluation === 'learned' ? 'a learned evaluation' : `the mean of ${a.samples} random completions`) +
      (a.std_error !== undefined ? `, standard error ${fmt(a.std_error, false)}` : '') +
      (a.error ? `; such estimates are off by ${fmt(a.error, false)} on average against exact play` : ''));
  }
  if (a.budget_spent) details.push('the time ran out for a deeper search');
  // Remoteness: the moves to the end along the best line, where it is exact.
  if (a.exact !== false && a.line && a.line.length) details.push(`${a.line.length} move${a.line.length === 1 ? '' : 's'} to the end with best play`);
  showEvalBar(a, valueForA(a, all[index], pointsAlong({}, all.slice(1, index + 1))));
  $('value-detail').textContent = details.join('; ');
  announce(`${state.cursor > 0 ? `after ${all[index].move}: ` : ''}${v}`);
  renderMoves(a, index);
  renderHistory(token);
}

// The value for A at every node, on one scale: Solitaire and Singles the
// best score still reachable; Doubles the final margin (the points taken
// so far counted in); High-Low the payoff; a placement's value for its side.
function valueForA(a, node, points) {
  if (a.value === undefined) return null;
  if (facts(a.game).scored) return a.value;
  const side = a.phase === 'placement' ? realSide(a.value_for || a.to_move, { letter: letterOf(a), side: node.side }) : node.side;
  if (!side) return a.value;
  const v = side === 'A' ? a.value : -a.value;
  return facts(a.game).value === 'margin' && a.phase !== 'placement' ? points.A - points.B + v : v;
}

// The chart: each played position analysed (cached); along the best line
// after them the value stays the last one's, by what best play means (and
// a placement line's positions, each a search of up to a second, are not
// asked for).
async function renderHistory(token) {
  const all = nodes();
  const played = all.slice(0, state.played.length + 1);
  let as;
  try {
    as = await Promise.all(played.map((n) => api.analyse(n.text)));
  } catch (e) {
    return;
  }
  if (token !== state.token) return;
  const values = as.map((a, i) => valueForA(a, all[i], pointsAlong({}, all.slice(1, i + 1))));
  const estimated = as.map((a) => a.exact === false);
  while (values.length < all.length) {
    values.push(values[values.length - 1]);
    estimated.push(estimated[estimated.length - 1]);
  }
  showExactness(state.shown && state.shown.exact === false, estimated.some((e) => e));
  const one = !state.rootSide;
  drawChart({
    values: values.map((v) => (v === null ? null : Math.round(v * 10) / 10)),
    estimated,
    label: one ? 'best score still reachable' : 'value for A after each move',
    current: state.cursor,
    onPick: (ply) => go(ply),
  });
  $('chart-notes').replaceChildren();
}

// ---- the timeline -------------------------------------------------------------

async function extendLine() {
  const last = state.played.length ? state.played[state.played.length - 1].text : state.root;
  state.line = [];
  state.lineEnd = null;
  try {
    const a = await api.analyse(last);
    state.lineEnd = a;
    const pos = a.line_positions || [];
    const steps = a.line_steps || [];
    // The steps' sides are written in the letters of the line's first position.
    const start = nodes()[state.played.length];
    const at = { letter: letterOf(a), side: start.side };
    state.line = pos.map((text, i) => {
      const s = steps[i] || {};
      return {
        move: a.line[i], text, circles: s.circles, gain: s.gain, placement: a.phase === 'placement',
        mover: s.mover && start.side ? realSide(s.mover, at) : null,
        side: s.next && start.side ? realSide(s.next, at) : null,
      };
    });
  } catch (e) {
    // shown by render()
  }
}

// plyText: a link's ply, checked once the line is known.
async function setRoot(text, { played = [], variations = [], cursor, book = null, rootSide, linkError = null, plyText = null } = {}) {
  state.root = text;
  state.linkError = linkError;
  state.rootSide = rootSide !== undefined ? rootSide : await api.analyse(text).then(rootSideOf, () => null);
  state.played = played;
  state.variations = variations;
  state.drawn = null;
  state.book = book || state.bookList.find((x) => x.position === text) || null;
  state.editing = false;
  $('edit').checked = false;
  $('editor').hidden = true;
  await extendLine();
  if (plyText !== null) {
    const ply = linkPly(plyText, nodes().length - 1);
    cursor = ply.ply;
    if (ply.error) state.linkError = [state.linkError, ply.error].filter((x) => x).join('; ');
  }
  state.cursor = cursor === undefined ? played.length : cursor;
  renderBook();
  await render();
}

async function playMove(index, m, a) {
  if (m.after === undefined) {
    announce(`${m.move}: the game ends`);
    return;
  }
  const all = nodes();
  state.linkError = null;
  // The move already played there: one step forward, the line kept.
  if (index < state.played.length && state.played[index].move === m.move) {
    state.cursor = index + 1;
    await render();
    return;
  }
  // Another move from an earlier ply: the old line is kept as a variation.
  if (index < state.played.length) keepVariation(state.played);
  state.played = all.slice(1, index + 1).concat([childNode(all[index], a, m, m.after)]);
  state.variations = state.variations.filter((v) => !samePrefix(v, state.played));
  state.cursor = state.played.length;
  await extendLine();
  await render();
}

// Variations: lines played before from the same root, each its nodes.
const lineKey = (played) => played.map((n) => n.move).join('|');
// Whether the variation v is the start of `played` (nothing of its own left).
const samePrefix = (v, played) => v.length <= played.length && v.every((n, i) => n.move === played[i].move);

function keepVariation(played) {
  if (!state.variations.some((v) => lineKey(v) === lineKey(played))) state.variations.push(played);
}

async function toVariation(i) {
  const v = state.variations[i];
  state.variations.splice(i, 1);
  keepVariation(state.played);
  state.played = v;
  state.cursor = v.length;
  await extendLine();
  await render();
}

function renderVariations() {
  const list = $('variations');
  list.replaceChildren();
  $('variations-box').hidden = !state.variations.length;
  state.variations.forEach((v, i) => {
    // Where it leaves the line now played.
    let k = 0;
    while (k < v.length && k < state.played.length && v[k].move === state.played[k].move) ++k;
    const text = v.slice(k).map((n, j) => `${k + j + 1}. ${moverPrefix(n)}${n.move}`).join(', ');
    list.appendChild(h('li', {}, h('button', { type: 'button', dataset: { variation: String(i) }, onclick: () => toVariation(i) },
      `from move ${k + 1}: ${text}`)));
  });
}

function go(i) {
  const n = nodes().length;
  state.cursor = Math.max(0, Math.min(n - 1, i));
  render();
}

// ---- share -----------------------------------------------------------------------

function writeHash() {
  if (!state.root) return;
  const params = new URLSearchParams();
  params.set('game', parsePosition(state.root).game || 'solitaire');
  params.set('pos', state.root);
  if (state.played.length) params.set('moves', state.played.map((p) => p.move).join('|'));
  if (state.cursor !== state.played.length) params.set('ply', String(state.cursor));
  for (const v of state.variations) params.append('var', v.map((p) => p.move).join('|'));
  const hash = '#' + params.toString().replace(/\+/g, '%20');
  setHash(hash, ['pos']);
}

// The moves of a link replayed from the root, as far as they are legal: the
// nodes, and what stopped them (what: "move" or "variation 2's move").
async function replayLink(root, moves, what, problems) {
  const played = [];
  let node = root;
  for (const [i, move] of moves.entries()) {
    // Each move needs its position analysed (a placement up to the time
    // allowed): say how far it got, on the board as it stands.
    replayProgress(node.text, `Replaying the link's ${what}s: ${i + 1} of ${moves.length}…`);
    const a = await api.analyse(node.text);
    const m = (a.moves || []).find((x) => x.move === move);
    if (!m || m.after === undefined) {
      problems.push(`the link's ${what} ${i + 1}, "${move}", is not legal there: ${i ? `the board shows the ${i} move${i === 1 ? '' : 's'} before it` : 'the board shows the link\'s position'}`);
      break;
    }
    node = childNode(node, a, m, m.after);
    played.push(node);
  }
  return played;
}

function replayProgress(text, note) {
  drawBoard($('board'), parsePosition(text).board, { turns: state.turns });
  $('value').textContent = note;
}

async function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const pos = params.get('pos');
  if (!pos) return false;
  if (params.get('game')) $('game').value = params.get('game');
  const split = (text) => (text || '').split('|').filter((m) => m);
  let played = [];
  const variations = [];
  const problems = [];
  try {
    const root = { text: pos, side: rootSideOf(await api.analyse(pos)) };
    played = await replayLink(root, split(params.get('moves')), 'move', problems);
    for (const [k, text] of params.getAll('var').entries()) {
      const v = await replayLink(root, split(text), `variation ${k + 1}'s move`, problems);
      if (v.length && !samePrefix(v, played)) variations.push(v);
    }
  } catch (e) {
    problems.push(`the link's position does not read: ${e.line ? `line ${e.line}: ` : ''}${e.message}`);
  }
  await setRoot(pos, { played, variations, plyText: params.get('ply'), linkError: problems.join('; ') || null });
  return true;
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    $('copied').textContent = `${what} copied`;
  } catch (e) {
    $('paste').value = text;
    $('paste-box').open = true;
    $('copied').textContent = `${what} is in the text box below`;
  }
}

// ---- the editor --------------------------------------------------------------------

function buildPalette() {
  const pal = $('palette');
  pal.replaceChildren();
  for (const c of ['B', 'R', 'Y', 'G'])
    for (let s = 1; s <= 4; ++s) {
      const p = `${c}${s}`;
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = p;
      b.className = `c-${c}`;
      b.dataset.palette = p;
      b.setAttribute('aria-pressed', String(p === state.selected));
      b.setAttribute('aria-label', `place ${pawnWords(p)}`);
      b.addEventListener('click', () => {
        state.selected = p;
        refreshPalette();
      });
      pal.appendChild(b);
    }
}

function refreshPalette() {
  const on = new Set(state.edit ? state.edit.board.values() : []);
  for (const b of $('palette').children) {
    b.setAttribute('aria-pressed', String(b.dataset.palette === state.selected));
    b.classList.toggle('on-board', on.has(b.dataset.palette));
  }
}

function startEditing() {
  const text = nodes()[state.cursor].text;
  state.edit = parsePosition(text);
  if (!state.edit.game) state.edit.game = $('game').value;
  state.editing = true;
  $('edit').checked = true;
  $('editor').hidden = false;
  $('phase').value = state.edit.phase;
  $('removed-a').value = state.edit.removed[0];
  $('removed-b').value = state.edit.removed[1];
  $('hands').value = state.edit.hands;
  refreshPalette();
  editorRows();
}

// High-Low's removed spots and the placement hands only where they apply.
// Only the game's own phases are offered.
function editorRows() {
  $('removed-row').hidden = !facts(state.edit.game).counts_removed;
  const phases = facts(state.edit.game).phases || [];
  for (const o of $('phase').options) o.hidden = o.value !== '' && !phases.includes(o.value);
  $('hands-row').hidden = $('phase').value !== 'placement' || !phases.includes('placement');
}

// Every change in the editor makes a new root position.
async function editChanged() {
  editorRows();
  state.edit.phase = $('phase').value;
  state.edit.removed = [Number($('removed-a').value) || 0, Number($('removed-b').value) || 0];
  state.edit.hands = $('hands').value.trim();
  state.root = formatPosition(state.edit);
  state.played = [];
  state.variations = [];
  state.line = [];
  state.lineEnd = null;
  state.cursor = 0;
  state.book = null;
  renderBook();
  refreshPalette();
  await render();
  if ($('error').hidden) {
    await extendLine();
    renderLine();
  }
}

// A placement: both hands; a pawn of the side to move chosen, a click on
// an empty circle places it.
function renderHands(a) {
  const p = parsePosition(nodes()[state.cursor].text);
  const box = $('analysis-hands');
  if (a.phase !== 'placement' || !p.hands || state.editing) {
    box.replaceChildren();
    box.hidden = true;
    $('hand-note').hidden = true;
    state.handPawn = null;
    return;
  }
  drawHands(box, p.hands, {
    toMove: a.to_move, names: { A: 'A', B: 'B' }, selected: state.handPawn,
    onPick: (pawn) => {
      state.handPawn = state.handPawn === pawn ? null : pawn;
      renderHands(a);
    },
  });
  $('hand-note').hidden = !state.handPawn;
  $('hand-note').textContent = state.handPawn ? `${state.handPawn} chosen: click an empty circle to place it.` : '';
}

function onCircle(n) {
  if (!state.editing && state.handPawn && state.shown) {
    const m = (state.shown.moves || []).find((x) => x.circles.pawn === state.handPawn && x.circles.placed === `C${n}`);
    if (m) {
      state.handPawn = null;
      playMove(Number($('moves').dataset.ply), m, state.shown);
      return;
    }
  }
  if (!state.editing) {
    // Outside the editor a circle shows the moves of its pawn.
    const moves = (state.shown && state.shown.moves) || [];
    const i = moves.findIndex((m) => circlesOf(m.circles).includes(n));
    if (i >= 0) $('moves').querySelectorAll('button')[i]?.focus();
    return;
  }
  const board = state.edit.board;
  if (board.has(n)) {
    state.selected = board.get(n);
    board.delete(n);
  } else {
    for (const [c, p] of board) if (p === state.selected) board.delete(c);
    board.set(n, state.selected);
  }
  editChanged().then(() => document.querySelector(`[data-circle="C${n}"]`)?.focus());
}

// ---- the book ---------------------------------------------------------------------

function stepList(ol, steps, kind) {
  ol.replaceChildren();
  let marked = false;
  steps.forEach((s, i) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    const who = s.mover ? `${s.mover} ` : '';
    b.textContent = `${i + 1}. ${s.written || who + s.move}`;
    b.dataset.step = String(i + 1);
    b.addEventListener('click', () => {
      // A book position's side to move is A: the steps' letters are real.
      const played = steps.slice(0, i + 1).filter((x) => x.after).map((x) => ({
        move: x.move, text: x.after, circles: x.circles, gain: x.gain, mover: x.mover || null, side: x.next || null,
      }));
      setRoot(state.book.position, { played, book: state.book });
    });
    li.appendChild(b);
    if (s.value !== undefined) {
      const v = document.createElement('span');
      v.className = 'detail';
      v.textContent = s.loses ? `  ${s.value} where ${s.best_value} was there` : '  best';
      li.appendChild(v);
    }
    if (kind === 'book' && s.loses > 0 && !marked) {
      marked = true;
      const g = document.createElement('span');
      g.className = 'gives';
      g.textContent = `  ← gives ${s.loses} away`;
      g.dataset.testid = 'gives-away';
      li.appendChild(g);
    }
    ol.appendChild(li);
  });
  if (!steps.length) {
    const li = document.createElement('li');
    li.className = 'detail';
    li.textContent = kind === 'book' ? 'The book gives no line.' : '—';
    ol.appendChild(li);
  }
}

function renderBook() {
  const b = state.book;
  $('book-view').hidden = !b;
  $('book').value = b ? String(state.bookList.indexOf(b)) : '';
  if (!b) return;
  $('book-title').textContent = b.title;
  const v = b.verify;
  const p = $('book-verdict');
  p.replaceChildren();
  if (v) {
    const span = document.createElement('span');
    span.className = 'verdict';
    span.textContent = v.verdict;
    p.append(span, ` — claim: ${v.claimed ?? 'none'}; the book's line: ${v.published_result ?? 'does not replay'}; perfect play: ${v.best_result}. `,
      ...splitTicks(v.explanation).map((x) => (x.code ? h('code', {}, x.text) : x.text)));
  } else {
    p.textContent = 'An example position (no published claim).';
  }
  stepList($('book-line'), b.book_line || [], 'book');
  stepList($('perfect-line'), b.perfect_line || [], 'perfect');
}

async function loadBook() {
  try {
    const j = await api.book();
    state.bookList = j.positions;
    const sel = $('book');
    for (const [i, p] of j.positions.entries()) {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = `${p.kind === 'book' ? 'Book' : 'Example'}: ${p.title || p.id} (${facts(p.game).label})${p.verify ? ' — ' + p.verify.verdict : ''}`;
      sel.appendChild(o);
    }
    // A link to a book position shows its book view.
    if (state.root && !state.book) {
      const b = state.bookList.find((x) => x.position === state.root);
      if (b) {
        state.book = b;
        renderBook();
      }
    }
  } catch (e) {
    showError(e);
  }
}

// ---- wiring -------------------------------------------------------------------------

// The keys: step through the timeline, turn the board (in a game, the
// game's own keys).
function wireKeys() {
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (game.active) {
      if (gameKey(e.key)) e.preventDefault();
      return;
    }
    const keys = {
      ArrowLeft: () => go(state.cursor - 1),
      ArrowRight: () => go(state.cursor + 1),
      Home: () => go(0),
      End: () => go(nodes().length - 1),
      f: () => $('flip').click(),
      F: () => $('flip').click(),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}

function wire() {
  $('prev').addEventListener('click', () => go(state.cursor - 1));
  $('next').addEventListener('click', () => go(state.cursor + 1));
  $('first').addEventListener('click', () => go(0));
  $('last').addEventListener('click', () => go(nodes().length - 1));
  $('flip').addEventListener('click', () => { state.turns = (state.turns + 1) % 4; render(); });
  $('copy-text').addEventListener('click', () => {
    const text = state.editing ? formatPosition(state.edit) : nodes()[state.cursor].text;
    copy(withTitle(text, parsePosition(state.root || '').title), 'Position text');
  });
  $('copy-link').addEventListener('click', () => copy(location.href, 'Link'));
  $('deal').addEventListener('click', async () => {
    try {
      const d = await api.deal($('game').value);
      await setRoot(d.position);
    } catch (e) {
      showError(e);
    }
  });
  $('empty').addEventListener('click', () => {
    const game = $('game').value;
    state.root = `game: ${game}\n` + (facts(game).placement ? 'phase: placement\n' : '');
    state.played = [];
    state.cursor = 0;
    startEditing();
    state.edit.game = game;
    editChanged();
  });
  $('book').addEventListener('change', () => {
    const b = state.bookList[Number($('book').value)];
    if (b) setRoot(b.position, { book: b });
  });
  $('load-paste').addEventListener('click', async () => {
    const text = $('paste').value;
    try {
      const a = await api.analyse(text);
      $('game').value = a.game;
      await setRoot(a.position_text);
    } catch (e) {
      showError(e);
    }
  });
  $('edit').addEventListener('change', () => {
    if ($('edit').checked) startEditing();
    else {
      state.editing = false;
      $('editor').hidden = true;
    }
    render();
  });
  for (const id of ['phase', 'removed-a', 'removed-b', 'hands']) $(id).addEventListener('change', editChanged);
  $('clear').addEventListener('click', () => { state.edit.board.clear(); editChanged(); });
  $('game').addEventListener('change', () => {
    if (state.editing) {
      state.edit.game = $('game').value;
      editChanged();
    }
  });
  // Values on the board: one switch, remembered.
  try {
    $('board-values').checked = localStorage.getItem('scarney.values') === 'on';
  } catch (e) { /* no storage: off */ }
  $('board-values').addEventListener('change', () => {
    try {
      localStorage.setItem('scarney.values', $('board-values').checked ? 'on' : 'off');
    } catch (e) { /* not remembered */ }
    render();
  });
  wireTrainer(() => state.bookList || []);
  wireKeys();
  // Back, Forward or a link typed: the page writes its links without
  // this event, so it always comes from the person.
  window.addEventListener('hashchange', () => {
    const params = new URLSearchParams(location.hash.slice(1));
    if (game.active || params.get('play') || params.get('train') || document.body.dataset.mode === 'train') location.reload();
    else if (params.get('pos') !== state.root) readHash();
  });
}

async function main() {
  setGames((await api.games()).games);
  wire();
  wireGame();
  window.scarneyCurrentPosition = () => nodes()[state.cursor].text;
  buildPalette();
  if (await readPlayHash()) {
    await loadBook();
    document.body.dataset.ready = 'true';
    return;
  }
  if (trainHash() !== null) {
    await loadBook();
    if (await startTrainer(state.bookList || [], trainHash())) {
      document.body.dataset.ready = 'true';
      return;
    }
  }
  const fromHash = await readHash();
  if (!fromHash) {
    const d = await api.deal('solitaire', 1).catch(() => null);
    await setRoot(d ? d.position : 'game: solitaire\n');
  }
  await loadBook();
  document.body.dataset.ready = 'true';
}

// A page whose engine cannot answer (the server gone, the static site's
// worker refusing its settings) says why instead of staying blank.
main().catch((e) => showError({ message: `The board could not start: ${e.message || e}` }));
