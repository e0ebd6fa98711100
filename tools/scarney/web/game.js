// Game mode: a game against the computer through POST /api/v1/game. The
// whole game (start, moves, who made them, side, strength, seed) lives in
// the URL, so a shared link replays it. After the game: the value history
// as an SVG chart, the moves that lost value marked with the better move.
import { drawBoard, parsePosition } from './board.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const GAMES = { solitaire: 'Solitaire', singles: 'Singles', doubles: 'Doubles', highlow: 'High-Low' };

export const game = {
  active: false,
  start: '', moves: [], by: [], side: 'A', strength: 'perfect', seed: 1,
  last: null,
};

async function post(body) {
  const r = await fetch('/api/v1/game', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const j = await r.json();
  if (!r.ok) throw new Error(j.error || `HTTP ${r.status}`);
  return j;
}

const fmt = (v, exact) => (exact === false ? (Math.round(v * 100) / 100).toFixed(2) : String(v));

function writeHash() {
  const p = new URLSearchParams();
  p.set('play', parsePosition(game.start).game || 'solitaire');
  p.set('start', game.start);
  if (game.moves.length) p.set('moves', game.moves.join('|'));
  if (game.by.length) p.set('by', game.by.map((b) => (b === 'computer' ? 'c' : 'p')).join(''));
  p.set('side', game.side);
  p.set('strength', game.strength);
  p.set('seed', String(game.seed));
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
  let j;
  try {
    j = await post({ start: game.start, moves: game.moves, by: game.by, computer: computerSide(), strength: game.strength, seed: game.seed });
  } catch (e) {
    $('play-error').textContent = e.message;
    $('play-error').hidden = false;
    $('game-view').dataset.busy = 'false';
    return;
  }
  game.last = j;
  game.moves = j.plies.map((y) => y.move);
  game.by = j.plies.map((y) => y.by);
  writeHash();
  render(j);
  $('game-view').dataset.busy = 'false';
}

function render(j) {
  drawBoard($('board'), parsePosition(j.position).board, {});
  const who = j.two_sides ? `${j.to_move} to ${j.placement ? 'place' : 'move'} (${j.to_move === game.side ? 'you' : 'computer'})` : 'your move';
  $('play-status').textContent = j.over
    ? `Game over: ${j.outcome.summary}`
    : `${GAMES[j.game]}: ${who}` + (j.exact === false ? ' — placement values are estimates (depth-limited search)' : '');
  $('play-status').dataset.over = String(j.over);
  // The moves, clickable; values only with hints on.
  const list = $('play-moves');
  list.replaceChildren();
  const hints = $('play-hints').checked;
  const mine = !j.over && (!j.two_sides || j.to_move === game.side);
  for (const m of j.moves || []) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.playMove = m.move;
    b.textContent = hints ? `${m.move}   ${fmt(m.value, j.exact)}` : m.move;
    b.disabled = !mine;
    b.addEventListener('click', () => {
      game.moves.push(m.move);
      game.by.push('player');
      update();
    });
    li.appendChild(b);
    list.appendChild(li);
  }
  if (!hints) [...list.children].sort((a, b) => a.textContent.localeCompare(b.textContent)).forEach((li) => list.appendChild(li));
  $('play-hint-text').textContent = '';
  // The last moves, and the coach.
  const plies = j.plies;
  $('play-line').textContent = plies.map((y) => `${y.ply}. ${j.two_sides ? y.side + ' ' : ''}${y.move}`).join('  ');
  const mineLast = [...plies].reverse().find((y) => y.by === 'player');
  const coach = $('coach');
  coach.textContent = '';
  if (mineLast) {
    if (mineLast.loss > 0) coach.textContent = `${mineLast.move} gave away ${fmt(mineLast.loss, mineLast.exact)}; ${mineLast.best_move} would have kept ${j.two_sides ? 'the value' : 'the points'}.`;
    if (!j.two_sides) coach.textContent += ` Best score still reachable: ${j.history[j.history.length - 1]}.`;
  }
  coach.dataset.warning = String(!!(mineLast && mineLast.loss > 0));
  $('take-back').disabled = !plies.some((y) => y.by === 'player');
  drawChart(j);
  // Downloads.
  setDownload($('download-position'), j.position_file, 'game.scarney');
  setDownload($('download-sheet'), j.match_sheet || '', 'game.match');
  $('download-sheet').hidden = !j.match_sheet;
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
    const lost = p.loss > 0;
    const c = el('circle', { cx: x(p.ply), cy: y(h[p.ply]), r: lost ? 5 : 2.5, class: lost ? 'lost' : 'kept', 'data-ply': p.ply }, svg);
    if (lost) {
      el('title', {}, c).textContent = `${p.ply}. ${p.move}: −${fmt(p.loss, p.exact)}; better ${p.best_move}`;
      const li = document.createElement('li');
      li.dataset.lost = String(p.ply);
      li.textContent = `${p.ply}. ${j.two_sides ? p.side + ' ' : ''}${p.move} gave away ${fmt(p.loss, p.exact)}${p.by === 'computer' ? ' (computer)' : ''}; better: ${p.best_move}`;
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
  if (how === 'placement' && g !== 'solitaire') {
    game.start = `game: ${g}\nphase: placement\n`;
  } else if (how === 'current' && window.scarneyCurrentPosition) {
    game.start = window.scarneyCurrentPosition();
  } else {
    const r = await fetch(`/api/v1/deal?game=${g}&seed=${game.seed}`);
    game.start = (await r.json()).position;
  }
  await update();
}

function takeBack() {
  while (game.by.length && game.by[game.by.length - 1] === 'computer') { game.moves.pop(); game.by.pop(); }
  if (game.by.length) { game.moves.pop(); game.by.pop(); }
  update();
}

export function wireGame() {
  $('new-game').addEventListener('click', newGame);
  $('take-back').addEventListener('click', takeBack);
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
