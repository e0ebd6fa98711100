// The board in SVG: circles C1-C16 four to a row from the top left, the
// lines between orthogonal neighbours, the corners marked, and the pawns in
// their colours with their spots and their names in text.
import { circleKinds, svg as el, h, parseHands, facts } from './common.js';

export const COLOURS = { B: 'black', R: 'red', Y: 'yellow', G: 'green' };
const FILL = { B: '#2b2b2b', R: '#c8322c', Y: '#f2c418', G: '#1f8a3b' };
const INK = { B: '#ffffff', R: '#ffffff', Y: '#222222', G: '#ffffff' };
const CORNERS = new Set([1, 4, 13, 16]);

// Where circle n (1-16) is drawn after `turns` quarter turns clockwise.
function cell(n, turns) {
  let r = Math.floor((n - 1) / 4), c = (n - 1) % 4;
  for (let k = 0; k < turns; ++k) [r, c] = [c, 3 - r];
  return { x: 50 + c * 100, y: 50 + r * 100 };
}

export function pawnWords(p) {
  return `${COLOURS[p[0]]} ${p[1]}`;
}

// board: Map circle number -> pawn name ("G3"). Handlers: onCircle(n).
export function drawBoard(svg, board, { turns = 0, onCircle } = {}) {
  svg.replaceChildren();
  const links = el('g', {}, svg);
  for (let n = 1; n <= 16; ++n) {
    const a = cell(n, turns);
    for (const m of [n + 1, n + 4]) {
      if (m > 16 || (m === n + 1 && n % 4 === 0)) continue;
      const b = cell(m, turns);
      el('line', { class: 'link', x1: a.x, y1: a.y, x2: b.x, y2: b.y }, links);
    }
  }
  for (let n = 1; n <= 16; ++n) {
    const { x, y } = cell(n, turns);
    const pawn = board.get(n);
    const g = el('g', {
      class: 'circle' + (CORNERS.has(n) ? ' corner' : ''),
      'data-circle': `C${n}`,
      tabindex: '0',
      role: 'button',
      'aria-label': `C${n}: ${pawn ? pawnWords(pawn) : 'empty'}${CORNERS.has(n) ? ' (corner)' : ''}`,
    }, svg);
    el('circle', { class: 'hole', cx: x, cy: y, r: 38 }, g);
    // a corner: a second ring around the circle
    if (CORNERS.has(n)) el('circle', { class: 'corner-mark', cx: x, cy: y, r: 45 }, g);
    const num = el('text', { class: 'num', x: x - 46, y: y - 34 }, g);
    num.textContent = `C${n}`;
    if (pawn) {
      const colour = pawn[0], spots = Number(pawn[1]);
      const pg = el('g', { 'data-pawn': pawn }, g);
      el('circle', { cx: x, cy: y, r: 31, fill: FILL[colour], stroke: '#000', 'stroke-width': 1.5 }, pg);
      for (let i = 0; i < spots; ++i)
        el('circle', { cx: x + (i - (spots - 1) / 2) * 11, cy: y - 11, r: 4, fill: INK[colour] }, pg);
      const t = el('text', {
        class: 'pawn-label', x, y: y + 17, 'text-anchor': 'middle', fill: INK[colour],
      }, pg);
      t.textContent = pawn;
    }
    if (onCircle) {
      g.addEventListener('click', () => onCircle(n));
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onCircle(n);
        }
      });
    }
  }
}

// Values on the board: each circle a move goes to (or takes a pawn from)
// gets a badge in the colour of the best such move's quality
// (`marks`: circle number -> "best", "good", "inaccurate" or "mistake");
// an empty map takes them off.
export function markValues(svg, marks) {
  for (const b of svg.querySelectorAll('.vq')) b.remove();
  for (const g of svg.querySelectorAll('[data-quality]')) g.removeAttribute('data-quality');
  for (const [n, q] of marks) {
    const g = svg.querySelector(`[data-circle="C${n}"]`);
    if (!g) continue;
    const hole = g.querySelector('.hole');
    const x = Number(hole.getAttribute('cx')), y = Number(hole.getAttribute('cy'));
    g.setAttribute('data-quality', q);
    el('circle', { class: `vq vq-${q}`, cx: x + 27, cy: y + 27, r: 10 }, g);
  }
}

// The circles of a move (its `circles` from the server) highlighted while
// a move is pointed at.
export function highlight(svg, circles) {
  for (const g of svg.querySelectorAll('g.circle')) g.classList.remove('hl-from', 'hl-over', 'hl-to');
  if (!circles) return;
  const k = circleKinds(circles);
  const kinds = { from: k.from, over: [...k.over, ...k.removed], to: [...k.to, ...k.placed] };
  for (const [kind, list] of Object.entries(kinds))
    for (const n of list) svg.querySelector(`[data-circle="C${n}"]`)?.classList.add(`hl-${kind}`);
}

// The last move shown, marked on its circles (`data-last`: from, over, to,
// removed, placed) and, when `animate`, the jumping pawn slid from where it
// stood (the page's CSS turns the motion off under prefers-reduced-motion).
export function markLast(svg, circles, { animate = false, turns = 0 } = {}) {
  for (const g of svg.querySelectorAll('[data-last]')) g.removeAttribute('data-last');
  if (!circles) return;
  const k = circleKinds(circles);
  for (const kind of ['from', 'over', 'to', 'removed', 'placed'])
    for (const n of k[kind]) {
      const g = svg.querySelector(`[data-circle="C${n}"]`);
      if (!g) continue;
      g.setAttribute('data-last', kind);
      if (animate) g.classList.add('arrive');
    }
  if (animate && k.from.length && k.to.length) {
    const a = cell(k.from[0], turns), b = cell(k.to[0], turns);
    const pawn = svg.querySelector(`[data-circle="C${k.to[0]}"] [data-pawn]`);
    if (pawn) {
      pawn.style.setProperty('--dx', `${a.x - b.x}px`);
      pawn.style.setProperty('--dy', `${a.y - b.y}px`);
      pawn.classList.add('slide');
    }
  }
}

// The pawns and keys of a position's text (as the server writes it, or as
// pasted: `placement:` lines or a `board:` block).
export function parsePosition(text) {
  const out = { game: '', phase: '', board: new Map(), removed: [0, 0], hands: '', toMove: '', title: '' };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; ++i) {
    const line = lines[i].replace(/#.*/, '').trim();
    const m = line.match(/^([A-Za-z_-]+)\s*:\s*(.*)$/);
    if (!m) continue;
    const key = m[1].toLowerCase(), value = m[2].trim();
    if (key === 'game') out.game = value.toLowerCase();
    else if (key === 'phase') out.phase = value.toLowerCase();
    else if (key === 'title') out.title = value;
    else if (key === 'hands') out.hands = value;
    else if (key === 'to-move' || key === 'to_move') out.toMove = value;
    else if (key === 'removed') {
      const [a, b] = value.split(/\s+/).map(Number);
      out.removed = [a || 0, b || 0];
    } else if (key === 'placement') {
      for (const [, p, c] of value.matchAll(/([BRYG][1-4])\s+on\s+C(\d+)/gi))
        out.board.set(Number(c), p.toUpperCase());
    } else if (key === 'board') {
      for (let r = 0; r < 4 && i + 1 < lines.length; ++r) {
        const toks = lines[++i].replace(/#.*/, '').trim().split(/\s+/);
        toks.forEach((t, c) => { if (/^[BRYG][1-4]$/i.test(t)) out.board.set(r * 4 + c + 1, t.toUpperCase()); });
      }
    }
  }
  return out;
}

// Position text from the editor's fields, in the file format.
export function formatPosition({ title, game, phase, board, removed, hands, toMove }) {
  let s = title ? `title: ${title}\n` : '';
  s += `game: ${game}\n`;
  if (phase) s += `phase: ${phase}\n`;
  const placed = [...board].sort((a, b) => a[0] - b[0]).map(([c, p]) => `${p} on C${c}`);
  if (placed.length) s += `placement: ${placed.join(', ')}\n`;
  if (facts(game).counts_removed && (removed[0] || removed[1])) s += `removed: ${removed[0]} ${removed[1]}\n`;
  if (phase === 'placement' && hands) s += `hands: ${hands}\n`;
  if (phase === 'placement' && toMove) s += `to-move: ${toMove}\n`;
  return s;
}

// Both hands of a placement as pawn buttons (`data-hand-pawn`): the side to
// move's may be chosen (onPick(pawn)), to be placed by a click on a circle.
// names: {A, B} as the player reads them.
export function drawHands(box, handsText, { toMove, names, selected, enabled = true, onPick }) {
  box.replaceChildren();
  const hands = parseHands(handsText);
  box.hidden = !hands.length;
  for (const { side, pawns } of hands) {
    const list = h('div', { className: 'hand', role: 'group', 'aria-label': `${side}'s hand (${names[side]})` },
      h('span', { className: 'hand-name' }, `${side} (${names[side]}):`));
    for (const pawn of pawns) {
      const b = h('button', { type: 'button', className: `c-${pawn[0]}`, dataset: { handPawn: pawn }, 'aria-pressed': String(selected === pawn) }, pawn);
      b.disabled = !enabled || side !== toMove;
      b.addEventListener('click', () => onPick(pawn));
      list.appendChild(b);
    }
    box.appendChild(list);
  }
}
