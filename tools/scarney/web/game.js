// Game mode: a game against the computer through POST /api/v1/game. The
// whole game (start, moves, who made them, side, strength, seed) lives in
// the URL, so a shared link replays it. After the game: the value history
// as an SVG chart, the moves that lost value marked with the better move.
import { drawBoard, parsePosition, moveCircles, highlight } from './board.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const GAMES = { solitaire: 'Solitaire', singles: 'Singles', doubles: 'Doubles', highlow: 'High-Low' };

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
};

// The computer's seed: a match's game k + 1 uses seed + k, as `scarney
// play --match` does.
const choiceSeed = () => game.seed + (game.match ? game.sheet.length : 0);

async function post(body) {
  const r = await fetch('/api/v1/game', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const j = await r.json();
  if (!r.ok) throw new Error(j.error || `HTTP ${r.status}`);
  return j;
}

// A ply's move with its side (placement moves name the side already).
const moveText = (y, j) => (j.two_sides && !y.move.startsWith(y.side + ' ') ? `${y.side} ${y.move}` : y.move);

const fmt = (v, exact) => (exact === false ? (Math.round(v * 100) / 100).toFixed(2) : String(v));
// A move is blamed for its loss when the loss is exact, or an estimate's
// beyond its error (the server says so: within_error).
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
  if (location.hash !== hash) history.replaceState(null, '', hash);
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
  game.last = j;
  game.moves = j.plies.map((y) => y.move);
  game.by = j.plies.map((y) => y.by);
  game.view = null;
  writeHash();
  render(j);
  $('game-view').dataset.busy = 'false';
}

function playMove(move) {
  game.moves.push(move);
  game.by.push('player');
  game.redo = [];
  game.picked = [];
  update();
}

const myTurn = (j) => !j.over && (!j.two_sides || j.to_move === game.side);

function render(j) {
  game.picked = [];
  const who = j.two_sides ? `${j.to_move} to ${j.placement ? 'place' : 'move'} (${j.to_move === game.side ? 'you' : 'computer'})` : 'your move';
  $('play-status').textContent = j.over
    ? `Game over: ${j.outcome.summary}`
    : `${GAMES[j.game]}: ${who}` + (j.exact === false ? ' — placement values are estimates (depth-limited search)' : '');
  $('play-status').dataset.over = String(j.over);
  // The moves, clickable; values only with hints on.
  const list = $('play-moves');
  list.replaceChildren();
  const hints = $('play-hints').checked;
  const mine = myTurn(j);
  for (const m of j.moves || []) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.playMove = m.move;
    b.textContent = hints ? `${m.move}   ${fmt(m.value, j.exact)}` : m.move;
    b.disabled = !mine;
    b.addEventListener('click', () => playMove(m.move));
    li.appendChild(b);
    list.appendChild(li);
  }
  if (!hints) [...list.children].sort((a, b) => a.textContent.localeCompare(b.textContent)).forEach((li) => list.appendChild(li));
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
  drawChart(j);
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

function showView() {
  const j = game.last;
  const n = game.view;
  const past = n !== null;
  drawBoard($('board'), parsePosition(past ? j.plies[n].position : j.position).board, { onCircle: pickCircle });
  showPicked();
  for (const b of $('play-line').querySelectorAll('button')) {
    const here = Number(b.dataset.ply) === (past ? n : j.plies.length);
    if (here) b.setAttribute('aria-current', 'step');
    else b.removeAttribute('aria-current');
    b.parentElement.classList.toggle('current', here);
  }
  $('board-past').hidden = !past;
  $('board-past').textContent = past ? `The board after move ${n} of ${j.plies.length} (→ or End: back to the game).` : '';
  setMoveButtons(myTurn(j) && !past);
}

// Moves by the board: each circle clicked keeps the moves that touch every
// circle clicked so far (a jump's pawn and landing circle, a pawn taken off
// or removed, a placement's circle). One move left is played (a jump once
// two circles are clicked); several stay listed, the others hidden, until
// a button or another circle decides.
// Whether a move touches every circle of `picked` (on the current board).
function touchesAll(move, picked, board) {
  const at = moveCircles(move, board);
  const all = [...at.from, ...at.over, ...at.to];
  return picked.every((c) => all.includes(c));
}

function pickCircle(n) {
  const j = game.last;
  if (!j || game.view !== null || !myTurn(j)) return;
  const board = parsePosition(j.position).board;
  const moves = (j.moves || []).map((m) => m.move);
  let picked = game.picked.includes(n) ? [n] : [...game.picked, n];
  if (!moves.some((m) => touchesAll(m, picked, board))) picked = [n];  // start again here
  const left = moves.filter((m) => touchesAll(m, picked, board));
  // A jump waits for its second circle, so that a click on a pawn shows
  // where it can go first.
  if (left.length === 1 && (picked.length > 1 || !/ jumps /.test(left[0]))) return playMove(left[0]);
  game.picked = left.length ? picked : [];
  showPicked();
}

function showPicked() {
  const j = game.last;
  const picked = game.picked || [];
  const board = parsePosition(j.position).board;
  const at = { from: picked, over: [], to: [] };
  let kept = 0;
  for (const b of document.querySelectorAll('[data-play-move]')) {
    const move = b.dataset.playMove;
    const keep = !picked.length || touchesAll(move, picked, board);
    b.parentElement.hidden = !keep;
    if (!keep || !picked.length) continue;
    ++kept;
    const c = moveCircles(move, board);
    for (const t of c.over) if (!picked.includes(t)) at.over.push(t);
    for (const t of [...c.from, ...c.to]) if (!picked.includes(t)) at.to.push(t);
  }
  highlight($('board'), picked.length ? at : null);
  $('board-pick').hidden = !picked.length;
  $('board-pick').textContent = picked.length
    ? `${kept} ${kept === 1 ? 'move' : 'moves'} with ${picked.map((c) => 'C' + c).join(' and ')}: click one, or another circle (Esc: all moves).`
    : '';
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
  $('match-title').textContent = `${GAMES[j.game]} match: game ${m.number}`;
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
  if ($('play-start').value === 'placement' && g !== 'solitaire') return `game: ${g}\nphase: placement\n`;
  const r = await fetch(`/api/v1/deal?game=${g}&seed=${seed}&index=${index}`);
  return (await r.json()).position;
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

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// The value after each move on one scale (for A; Solitaire: the best score
// still reachable), the moves that lost value marked.
function drawChart(j) {
  const box = $('value-chart');
  box.replaceChildren();
  const h = j.history;
  $('chart-box').hidden = !j.over;
  if (!j.over || h.length < 2) return;
  const W = 440, H = 180, pad = 30;
  const lo = Math.min(0, ...h), hi = Math.max(0, ...h);
  const span = hi - lo || 1;
  const x = (i) => pad + (i * (W - 2 * pad)) / Math.max(1, h.length - 1);
  const y = (v) => H - pad - ((v - lo) * (H - 2 * pad)) / span;
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'Value history', 'data-testid': 'value-chart-svg' }, box);
  el('line', { x1: pad, x2: W - pad, y1: y(0), y2: y(0), class: 'axis' }, svg);
  el('polyline', { points: h.map((v, i) => `${x(i)},${y(v)}`).join(' '), class: 'history' }, svg);
  for (const v of [lo, hi]) el('text', { x: 2, y: y(v) + 4, class: 'tick' }, svg).textContent = String(Math.round(v));
  const t = el('text', { x: pad, y: 14, class: 'chart-label' }, svg);
  t.textContent = j.two_sides ? 'value for A after each move' : 'best score still reachable';
  const notes = $('chart-notes');
  notes.replaceChildren();
  for (const p of j.plies) {
    const lost = blames(p);
    const c = el('circle', { cx: x(p.ply), cy: y(h[p.ply]), r: lost ? 5 : 2.5, class: lost ? 'lost' : 'kept', 'data-ply': p.ply }, svg);
    if (lost) {
      el('title', {}, c).textContent = `${p.ply}. ${p.move}: −${fmt(p.loss, p.exact)}; better ${p.best_move}`;
      const li = document.createElement('li');
      li.dataset.lost = String(p.ply);
      li.textContent = `${p.ply}. ${moveText(p, j)} gave away ${fmt(p.loss, p.exact)}${p.by === 'computer' ? ' (computer)' : ''}; better: ${p.best_move}`;
      notes.appendChild(li);
    }
  }
  if (!notes.children.length) {
    const li = document.createElement('li');
    li.textContent = 'No move lost value.';
    notes.appendChild(li);
  }
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
  if (game.match && g === 'solitaire') {
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
    $('play-hint-text').textContent = `Best: ${j.moves[0].move} (${fmt(j.moves[0].value, j.exact)})`;
  });
  $('leave-game').addEventListener('click', () => {
    game.active = false;
    document.body.dataset.mode = '';
    $('game-view').hidden = true;
    history.replaceState(null, '', '#');
    location.reload();
  });
}
