// Game mode: a game against the computer through POST /api/v1/game. The
// whole game (start, moves, who made them, side, strength, seed) lives in
// the URL, so a shared link replays it. After the game: the value history
// as an SVG chart, the moves that lost value marked with the better move.
import { drawBoard, parsePosition, highlight, markLast, drawHands } from './board.js';
import * as api from './api.js';
import { $, facts, h, other, approx, errorText, showExactness, setHash, circleKinds, touchesAll, touchesExactly, boardOrder, pointsAlong, scoreText } from './common.js';
import { drawChart } from './chart.js';
import { showRules, openRules } from './rules.js';

// How long the player's own move stays alone on the board before the
// computer's reply is shown (none when motion is reduced: the reply is
// still drawn as a second step, at once).
const REPLY_DELAY = () => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 650);

export const game = {
  active: false,
  start: '', moves: [], by: [], side: 'A', strength: 'perfect', seed: 1,
  last: null,
  // A match: the sheet lines of the games before this one.
  match: false, sheet: [],
  // Take-backs that redo plays again, the latest last: each the moves (and
  // who made them) one take-back removed.
  redo: [],
  // The ply whose board is shown (null: the current position).
  view: null,
  // Circles clicked on the board towards a move.
  picked: [],
  // A placement: the pawn chosen in the hand, to put on a circle.
  handPawn: null,
  // The ply whose move is marked on the board while the computer's reply
  // waits its turn (null: the board shows the game now).
  pending: null,
  drawn: null,  // the ply the board was last drawn at (to animate one step)
  folded: false,  // the move list folded for the hands (the player may open it)
};

// The computer's seed: a match's game k + 1 uses seed + k, as `scarney
// play --match` does.
const choiceSeed = () => game.seed + (game.match ? game.sheet.length : 0);

const post = (body) => api.game(body);

// A ply's move with its side (placement moves name the side already).
const moveText = (y, j) => (j.two_sides && !y.placement ? `${y.side} ${y.move}` : y.move);

// Values in game mode: estimates with two decimals and "≈".
const fmt = (v, exact) => approx(v, exact, 2);
// A move is blamed for its loss when the loss is exact, or an estimate's
// beyond its error (the server says so: within_error, against twice the
// standard error and the measured error of such estimates).
const blames = (p) => p.loss > 0 && !p.within_error;

function writeHash() {
  const p = new URLSearchParams();
  p.set('play', parsePosition(game.start).game || 'solitaire');
  p.set('start', game.start);
  if (game.moves.length) p.set('moves', game.moves.join('|'));
  if (game.by.length) p.set('by', game.by.map((b) => (b === 'computer' ? 'c' : 'p')).join(''));
  p.set('side', game.side);
  p.set('strength', game.strength);
  p.set('seed', String(game.seed));
  if (game.match) {
    p.set('match', '1');
    if (game.sheet.length) p.set('sheet', game.sheet.join('|'));
  }
  const hash = '#' + p.toString().replace(/\+/g, '%20');
  setHash(hash, ['play', 'start', 'seed']);
}

export async function readPlayHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (!p.get('play') || !p.get('start')) return false;
  game.start = p.get('start');
  game.moves = (p.get('moves') || '').split('|').filter((m) => m);
  game.by = [...(p.get('by') || '')].map((c) => (c === 'c' ? 'computer' : 'player'));
  game.side = p.get('side') === 'B' ? 'B' : 'A';
  game.strength = p.get('strength') || 'perfect';
  game.seed = Number(p.get('seed') || 1);
  game.match = p.get('match') === '1';
  game.sheet = (p.get('sheet') || '').split('|').filter((l) => l);
  $('play-match').checked = game.match;
  $('play-game').value = p.get('play');
  $('play-side').value = game.side;
  $('play-strength').value = game.strength;
  $('play-seed').value = String(game.seed);
  await update();
  return true;
}

function computerSide() {
  return game.side === 'A' ? 'B' : 'A';
}

async function update() {
  game.active = true;
  document.body.dataset.mode = 'game';
  // The chart below the game's moves (on a phone the game comes right
  // after the board).
  $('game-view').appendChild($('chart-box'));
  // The analysis board's start and edit controls would change the board
  // under the game: off, with the reason beside them.
  for (const c of $('start-panel').querySelectorAll('button, select, input, textarea')) {
    c.disabled = true;
    c.title = $('start-note').textContent;
  }
  $('start-note').hidden = false;
  $('game-view').hidden = false;
  $('play-error').hidden = true;
  $('game-view').dataset.busy = 'true';
  setMoveButtons(false);
  // A placement move far from the end can take seconds: say so.
  const slow = setTimeout(() => {
    $('play-progress').textContent = game.start.includes('phase: placement')
      ? 'The computer is searching the placement (a few seconds)…'
      : 'The computer is thinking…';
  }, 300);
  let j;
  try {
    const body = { start: game.start, moves: game.moves, by: game.by, computer: computerSide(), strength: game.strength, seed: choiceSeed() };
    if (game.match) body.match = game.sheet;
    j = await post(body);
  } catch (e) {
    $('play-error').textContent = e.message;
    $('play-error').hidden = false;
    if (game.last) render(game.last);
    $('game-view').dataset.busy = 'false';
    return;
  } finally {
    clearTimeout(slow);
    $('play-progress').textContent = '';
  }
  const before = game.moves.length;
  game.last = j;
  game.moves = j.plies.map((y) => y.move);
  game.by = j.plies.map((y) => y.by);
  game.view = null;
  writeHash();
  // The player's move first, then (one step later) the computer's reply.
  const replied = before > 0 && j.plies.length > before && j.plies[before - 1].by === 'player';
  game.pending = replied ? before : null;
  render(j);
  if (replied) {
    await new Promise((r) => setTimeout(r, REPLY_DELAY()));
    game.pending = null;
    showView(true);
  }
  $('game-view').dataset.busy = 'false';
}

// The board after one of the listed moves, from its circles: drawn at
// once, before the answer (and the computer's reply) comes back.
function boardAfter(board, circles) {
  const b = new Map(board);
  const k = circleKinds(circles);
  if (k.from.length && k.to.length) b.set(k.to[0], b.get(k.from[0]));
  for (const c of [...k.from, ...k.over, ...k.removed]) b.delete(c);
  if (k.placed.length && circles.pawn) b.set(k.placed[0], circles.pawn);
  return b;
}

// What the page shows between a click and the answer: the move made, the
// pawn gone from the hand, nothing left to click.
function showMoveMade(move) {
  const j = game.last;
  const m = j && (j.moves || []).find((x) => x.move === move);
  if (!m) return;
  drawBoard($('board'), boardAfter(parsePosition(j.position).board, m.circles), { onCircle: pickCircle });
  markLast($('board'), m.circles, { animate: false });
  const mine = { ...m, side: j.to_move, placement: j.placement };
  $('last-move').hidden = false;
  $('last-move').textContent = `${j.two_sides ? 'You played' : 'Played'}: ${moveText(mine, j)}`;
  $('last-move').dataset.by = 'player';
  $('play-status').textContent = `${facts(j.game).label}: working…`;
  document.querySelector(`#hands-view [data-hand-pawn="${m.circles.pawn}"]`)?.remove();
  $('play-moves').replaceChildren();
  $('board-pick').hidden = true;
}

function playMove(move) {
  showMoveMade(move);
  game.moves.push(move);
  game.by.push('player');
  game.redo = [];
  game.picked = [];
  game.handPawn = null;
  update();
}

// The player's name for a side: "you" or "computer" (both "you" in a game
// without a computer).
const nameOf = (side, j) => (!j.two_sides || side === game.side ? 'you' : 'computer');

// The result from the player's side: "You win by 26 (A 33, B 7: B wins)".
function resultText(j) {
  const o = j.outcome;
  if (!j.two_sides || !o.points) return `Game over: ${o.summary}`;
  const [a, b] = o.points;
  const mine = game.side === 'A' ? a : b, theirs = game.side === 'A' ? b : a;
  if (o.winner === '-') return `Game over: a tie (${o.summary})`;
  const won = o.winner === game.side;
  // High-Low's winner scores his spots; Doubles is won by the margin.
  const by = facts(j.game).value === 'payoff' ? '' : ` by ${Math.abs(mine - theirs)}`;
  return `Game over: ${won ? 'you win' : 'the computer wins'}${by} (${o.summary})`;
}

// The score after ply n (null: the game now), from the player's side.
function renderScore(j, n) {
  const plies = n === null ? j.plies : j.plies.slice(0, n);
  const text = n === null ? j.position : j.plies[n].position;
  const p = parsePosition(text);
  let out = '';
  if (p.phase === 'placement' || !p.game) out = '';
  // (A Singles game from its placements has two sides, but one player
  // takes the pawns off: its score is the board's, as in Solitaire.)
  else if (facts(p.game).scored) out = scoreText(p.game, { board: p.board });
  else {
    // High-Low from a given board: what was removed before the game began
    // (the start's `removed:`, A to move there).
    const start = parsePosition(game.start).removed;
    const points = pointsAlong({ A: start[0], B: start[1] }, plies.map((y) => ({ mover: y.side, gain: y.gain })));
    const names = { A: nameOf('A', j), B: nameOf('B', j) };
    // A Doubles game's end: the last jumper has swept the pawns left, and
    // the game's points say so (the plies carry only what was jumped).
    const atEnd = j.over && (n === null || n === j.plies.length);
    if (atEnd && facts(p.game).sweep && j.outcome?.points) {
      const [a, b] = j.outcome.points;
      out = scoreText(p.game, { points: { A: a, B: b }, names, final: true });
    } else {
      out = scoreText(p.game, { points, names });
    }
  }
  $('score').textContent = out;
  $('score').hidden = !out;
}

const myTurn = (j) => !j.over && (!j.two_sides || j.to_move === game.side);

function render(j) {
  game.picked = [];
  const who = j.two_sides ? `${j.to_move} to ${j.placement ? 'place' : 'move'} (${nameOf(j.to_move, j)})` : 'your move';
  $('play-status').textContent = j.over
    ? resultText(j)
    : `${facts(j.game).label}: ${who}`;  // (estimates: the banner above and each value's ≈ say so)
  showExactness(j.exact === false, j.plies.some((y) => y.exact === false));
  $('play-status').dataset.over = String(j.over);
  // The rule that decided the result (the last pawn, the sweep).
  const why = j.over && j.outcome?.why;
  $('play-why').hidden = !why;
  $('play-why').textContent = why || '';
  if (why) {
    const link = h('a', { href: '#rules-box', dataset: { testid: 'why-rules' } }, 'the rules');
    link.addEventListener('click', (e) => { e.preventDefault(); openRules(j.game); });
    $('play-why').append(' (', link, ')');
  }
  showRules(j.game);
  // The moves, clickable; values only with hints on.
  const list = $('play-moves');
  list.replaceChildren();
  const hints = $('play-hints').checked;
  const mine = myTurn(j);
  // Without hints, listed by where they are on the board (the server's
  // order would give the best move away).
  const moves = hints ? j.moves || [] : [...(j.moves || [])].sort((a, b) => boardOrder(a).localeCompare(boardOrder(b)));
  for (const m of moves) {
    const b = h('button', { type: 'button', dataset: { playMove: m.move } }, hints ? `${m.move}   ${fmt(m.value, j.exact)}` : m.move);
    b.disabled = !mine;
    b.addEventListener('click', () => playMove(m.move));
    list.appendChild(h('li', {}, b));
  }
  renderHands(j);
  // Placements are made from the hands: their long list stays folded.
  const byHands = !$('hands-view').hidden;
  if (byHands !== game.folded) $('play-moves-box').open = !byHands;
  game.folded = byHands;
  $('play-moves-summary').textContent = `Your moves as a list (${moves.length})`;
  $('play-moves-box').hidden = !moves.length;
  $('play-hint-text').textContent = '';
  // The moves played, and the coach.
  const plies = j.plies;
  renderLine(j);
  const mineLast = [...plies].reverse().find((y) => y.by === 'player');
  const coach = $('coach');
  coach.textContent = '';
  if (mineLast) {
    if (blames(mineLast)) coach.textContent = `${mineLast.move} gave away ${fmt(mineLast.loss, mineLast.exact)}; ${mineLast.best_move} would have kept ${j.two_sides ? 'the value' : 'the points'}.`;
    if (!j.two_sides) coach.textContent += ` Best score still reachable: ${j.history[j.history.length - 1]}.`;
  }
  coach.dataset.warning = String(!!(mineLast && blames(mineLast)));
  $('take-back').disabled = !plies.some((y) => y.by === 'player');
  $('redo').disabled = !game.redo.length;
  renderMatch(j);
  // Downloads: the game, and the match sheet (the match so far, or this game).
  setDownload($('download-position'), j.position_file, 'game.scarney');
  const sheet = j.match ? j.match.sheet : j.match_sheet || '';
  setDownload($('download-sheet'), sheet, j.match ? 'match.match' : 'game.match');
  $('download-sheet').hidden = !sheet || (j.match && !j.match.lines.length);
  showView();
}

// The moves played as buttons: one shows the board after it (0: the start).
function renderLine(j) {
  const list = $('play-line');
  list.replaceChildren();
  const entries = [{ ply: 0, text: 'start' }, ...j.plies.map((y) => ({ ply: y.ply, text: `${y.ply}. ${moveText(y, j)}`, by: y.by }))];
  for (const e of entries) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.ply = String(e.ply);
    b.textContent = e.text;
    if (e.by === 'computer') b.title = 'the computer\'s move';
    b.addEventListener('click', () => viewPly(e.ply));
    li.appendChild(b);
    list.appendChild(li);
  }
}

function setMoveButtons(on) {
  for (const b of document.querySelectorAll('[data-play-move]')) b.disabled = !on;
}

// Shows the board after ply n (null or the last ply: the game now).
function viewPly(n) {
  const j = game.last;
  if (!j) return;
  game.view = n === null || n >= j.plies.length ? null : Math.max(0, n);
  showView();
}

// The board after `n` moves (game.view; the computer's reply waiting:
// game.pending; else the game now), the move that led there marked and,
// one step forward, animated.
function showView(animate = true) {
  const j = game.last;
  const n = game.view !== null ? game.view : game.pending;
  const past = n !== null;
  drawBoard($('board'), parsePosition(past ? j.plies[n].position : j.position).board, { onCircle: pickCircle });
  const shown = past ? n : j.plies.length;
  const lastPly = shown > 0 ? j.plies[shown - 1] : null;
  markLast($('board'), lastPly && lastPly.circles, { animate: animate && game.drawn === shown - 1 });
  game.drawn = shown;
  $('board').dataset.shownPly = String(shown);
  // The move that made this board, in words beside the amber marks.
  $('last-move').hidden = !lastPly;
  $('last-move').textContent = lastPly
    ? `${lastPly.by === 'computer' ? 'The computer played' : j.two_sides ? 'You played' : 'Played'}: ${moveText(lastPly, j)}`
    : '';
  $('last-move').dataset.by = lastPly ? lastPly.by : '';
  renderScore(j, past ? n : null);
  showPicked();
  for (const b of $('play-line').querySelectorAll('button')) {
    const here = Number(b.dataset.ply) === shown;
    if (here) b.setAttribute('aria-current', 'step');
    else b.removeAttribute('aria-current');
    b.parentElement.classList.toggle('current', here);
  }
  const viewing = game.view !== null;
  $('board-past').hidden = !viewing;
  $('board-past').textContent = viewing ? `The board after move ${n} of ${j.plies.length} (→ or End: back to the game).` : '';
  setMoveButtons(myTurn(j) && !past);
  drawGameChart(j, shown);
}

// Moves by the board: each circle clicked keeps the moves that touch every
// circle clicked so far (a jump's pawn and landing circle, a pawn taken off
// or removed, a placement's circle). One move left is played (a jump once
// two circles are clicked); several stay listed, the others hidden, until
// a button or another circle decides: the same pawn clicked again removes
// it alone (High-Low), a circle clicked with a pawn chosen in the hand
// places it there.
function pickCircle(n) {
  const j = game.last;
  if (!j || game.view !== null || game.pending !== null || !myTurn(j)) return;
  const moves = j.moves || [];
  if (game.handPawn) {
    const m = moves.find((x) => x.circles.pawn === game.handPawn && x.circles.placed === `C${n}`);
    if (m) return playMove(m.move);
  }
  // The last circle clicked again: the move of exactly the circles picked
  // (a pawn removed alone, or two pawns where three could go too).
  if (game.picked.length && game.picked[game.picked.length - 1] === n) {
    const exactly = moves.find((m) => touchesExactly(m.circles, game.picked));
    if (exactly) return playMove(exactly.move);
  }
  let picked = game.picked.includes(n) ? [n] : [...game.picked, n];
  if (!moves.some((m) => touchesAll(m.circles, picked))) picked = [n];  // start again here
  const left = moves.filter((m) => touchesAll(m.circles, picked));
  // A jump waits for its second circle, so that a click on a pawn shows
  // where it can go first.
  if (left.length === 1 && (picked.length > 1 || !left[0].circles.from)) return playMove(left[0].move);
  game.picked = left.length ? picked : [];
  showPicked();
}

function showPicked() {
  const j = game.last;
  const picked = game.picked || [];
  const at = { from: picked, over: [], to: [] };
  const byName = new Map((j.moves || []).map((m) => [m.move, m.circles]));
  let kept = 0, alone = false;
  for (const b of document.querySelectorAll('[data-play-move]')) {
    const c = byName.get(b.dataset.playMove) || {};
    const keep = !picked.length || touchesAll(c, picked);
    b.parentElement.hidden = !keep;
    if (!keep || !picked.length) continue;
    ++kept;
    if (touchesExactly(c, picked)) alone = true;
    const k = circleKinds(c);
    for (const t of [...k.over, ...k.removed]) if (!picked.includes(t)) at.over.push(t);
    for (const t of [...k.from, ...k.to, ...k.placed]) if (!picked.includes(t)) at.to.push(t);
  }
  highlight($('board'), null);
  for (const [kind, list] of Object.entries(at))
    for (const n of list) $('board').querySelector(`[data-circle="C${n}"]`)?.classList.add(`hl-${kind}`);
  $('board-pick').hidden = !picked.length;
  const again = !alone ? '' : picked.length === 1
    ? ` Click C${picked[0]} again for its move alone.`
    : ` Click C${picked[picked.length - 1]} again for the move with only these.`;
  $('board-pick').textContent = picked.length
    ? `${kept} ${kept === 1 ? 'move' : 'moves'} with ${picked.map((c) => 'C' + c).join(' and ')}: click one, or another circle (Esc: all moves).${again}`
    : '';
}

// A placement: both hands as pawns to choose; the chosen one goes on the
// next circle clicked.
function renderHands(j) {
  const box = $('hands-view');
  const p = parsePosition(j.position);
  if (!j.placement || !p.hands) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  drawHands(box, p.hands, {
    toMove: j.to_move, names: { A: nameOf('A', j), B: nameOf('B', j) }, selected: game.handPawn, enabled: myTurn(j),
    onPick: (pawn) => {
      game.handPawn = game.handPawn === pawn ? null : pawn;
      renderHands(j);
      $('board-pick').hidden = !game.handPawn;
      $('board-pick').textContent = game.handPawn ? `${pawn} chosen: click an empty circle to place it.` : '';
    },
  });
}

// Keys in game mode: step through the moves played.
export function gameKey(key) {
  const j = game.last;
  if (!game.active || !j) return false;
  if (key === 'Escape' && game.picked.length) {
    game.picked = [];
    showPicked();
    return true;
  }
  const now = game.view === null ? j.plies.length : game.view;
  const to = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: j.plies.length }[key];
  if (to === undefined) return false;
  viewPly(Math.max(0, Math.min(j.plies.length, to)));
  return true;
}

// The match box: the sheet so far as `scarney match` prints it, and the
// next game once this one is over.
function renderMatch(j) {
  const m = j.match;
  $('match-box').hidden = !m;
  if (!m) return;
  $('match-title').textContent = `${facts(j.game).label} match: game ${m.number}`;
  // (What is still to play is the sheet's last line.)
  let status = m.finished ? 'The match is over.' : '';
  if (m.computer_alone) status = `The computer played the same deal alone: ${m.computer_alone.summary.replace(/[.!]?$/, '.')} ${status}`;
  $('match-status').textContent = status;
  $('match-sheet').textContent = m.lines.length ? m.score_sheet : 'No game finished yet.';
  $('next-game').hidden = !j.over || m.finished;
}

// A new start is fetched before the game is replayed: busy from the click.
async function startOf(g, seed, index) {
  $('game-view').dataset.busy = 'true';
  if ($('play-start').value === 'placement' && facts(g).placement) return `game: ${g}\nphase: placement\n`;
  return (await api.deal(g, seed, index)).position;
}

async function nextGame() {
  const j = game.last;
  if (!j || !j.match || !j.over) return;
  game.sheet = j.match.lines;
  game.moves = [];
  game.by = [];
  game.redo = [];
  game.start = await startOf(j.game, game.seed, game.sheet.length);
  await update();
}

function setDownload(a, text, name) {
  if (a.href.startsWith('blob:')) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = name;
}

// The value after each move on one scale, from the player's side (the
// server's history is A's: negated when playing B; Solitaire and Singles:
// the best score still reachable), live during the game; the moves that
// lost value marked and listed. A point's click shows the board then.
function drawGameChart(j, shown) {
  const flip = j.two_sides && game.side === 'B' ? -1 : 1;
  const lost = new Map();
  const notes = $('chart-notes');
  notes.replaceChildren();
  for (const p of j.plies) {
    if (!blames(p)) continue;
    lost.set(p.ply, `${p.move}: −${fmt(p.loss, p.exact)}; better ${p.best_move}`);
    const by = p.by === 'computer' ? ' (computer)' : '';
    notes.appendChild(h('li', { dataset: { lost: String(p.ply) } },
      `${p.ply}. ${moveText(p, j)} gave away ${fmt(p.loss, p.exact)}${by}; better: ${p.best_move}`));
  }
  if (!notes.children.length && j.plies.length) notes.appendChild(h('li', {}, 'No move lost value.'));
  // The value after ply i is estimated when the position then was.
  const estimated = j.history.map((_, i) => (i < j.plies.length ? j.plies[i].exact === false : j.exact === false));
  drawChart({
    values: j.history.map((v) => v * flip),
    estimated,
    label: j.two_sides ? `your value (${game.side}) after each move` : 'best score still reachable',
    current: shown,
    lost,
    onPick: (ply) => viewPly(ply),
  });
}

async function newGame() {
  const g = $('play-game').value;
  const how = $('play-start').value;
  game.side = $('play-side').value;
  game.strength = $('play-strength').value;
  game.seed = Number($('play-seed').value) || Math.floor(Math.random() * 1e9);
  $('play-seed').value = String(game.seed);
  game.moves = [];
  game.by = [];
  game.redo = [];
  game.match = $('play-match').checked;
  game.sheet = [];
  if (game.match && !facts(g).matches) {
    $('game-view').hidden = false;
    $('play-error').textContent = 'Solitaire has no match rules: a match is for Singles, Doubles and High-Low.';
    $('play-error').hidden = false;
    return;
  }
  if (how === 'current' && window.scarneyCurrentPosition && !game.match) {
    game.start = window.scarneyCurrentPosition();
  } else {
    game.start = await startOf(g, game.seed, 0);
  }
  await update();
}

// Undo: back to before the player's last move (the computer's answers to
// it go too); redo plays the same moves again.
function takeBack() {
  if (!game.by.includes('player')) return;
  const n = game.by.length;
  let k = n;
  while (k > 0 && game.by[k - 1] === 'computer') --k;
  if (k > 0) --k;
  if (k === n) return;
  game.redo.push({ moves: game.moves.slice(k), by: game.by.slice(k) });
  game.moves = game.moves.slice(0, k);
  game.by = game.by.slice(0, k);
  update();
}

function redo() {
  const r = game.redo.pop();
  if (!r) return;
  game.moves.push(...r.moves);
  game.by.push(...r.by);
  update();
}

export function wireGame() {
  $('new-game').addEventListener('click', newGame);
  $('take-back').addEventListener('click', takeBack);
  $('redo').addEventListener('click', redo);
  $('next-game').addEventListener('click', nextGame);
  $('play-hints').addEventListener('change', () => game.last && render(game.last));
  $('hint').addEventListener('click', () => {
    const j = game.last;
    if (!j || !j.moves || !j.moves.length) return;
    // An estimate: with its error, and the line it stands on.
    const line = j.exact === false && j.line && j.line.length > 1 ? `; the line: ${j.line.join(', ')}` : '';
    $('play-hint-text').textContent = `Best: ${j.moves[0].move} (${fmt(j.moves[0].value, j.exact)}${errorText(j.error).replace(/^ \((.*)\)$/, ' $1')})${line}`;
  });
  // The game just played, in analysis mode: its start and its moves.
  $('analyse-game').addEventListener('click', () => {
    const p = new URLSearchParams();
    p.set('game', parsePosition(game.start).game || 'solitaire');
    p.set('pos', game.start);
    if (game.moves.length) p.set('moves', game.moves.join('|'));
    game.active = false;
    history.pushState(null, '', '#' + p.toString().replace(/\+/g, '%20'));
    location.reload();
  });
  $('leave-game').addEventListener('click', () => {
    game.active = false;
    document.body.dataset.mode = '';
    $('game-view').hidden = true;
    history.pushState(null, '', '#');
    location.reload();
  });
}
