// The board in SVG: circles C1-C16 four to a row from the top left, the
// lines between orthogonal neighbours, the corners marked, and the pawns in
// their colours with their spots and their names in text.
const SVG = 'http://www.w3.org/2000/svg';
export const COLOURS = { B: 'black', R: 'red', Y: 'yellow', G: 'green' };
const FILL = { B: '#2b2b2b', R: '#c8322c', Y: '#f2c418', G: '#1f8a3b' };
const INK = { B: '#ffffff', R: '#ffffff', Y: '#222222', G: '#ffffff' };
const CORNERS = new Set([1, 4, 13, 16]);

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

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

// The circles a move touches, for highlighting: {from, over, to} lists.
export function moveCircles(move, board) {
  const where = new Map([...board].map(([c, p]) => [p, c]));
  const pawns = move.match(/\b[BRYG][1-4]\b/g) || [];
  const placed = move.match(/\bon C(\d+)/);
  if (placed) return { from: [], over: [], to: [Number(placed[1])] };
  const circles = pawns.map((p) => where.get(p)).filter((c) => c);
  if (/jumps/.test(move) && circles.length === 2) {
    const [a, b] = circles;
    const r = (n) => Math.floor((n - 1) / 4), c = (n) => (n - 1) % 4;
    const tr = 2 * r(b) - r(a), tc = 2 * c(b) - c(a);
    return { from: [a], over: [b], to: tr >= 0 && tr < 4 && tc >= 0 && tc < 4 ? [tr * 4 + tc + 1] : [] };
  }
  return { from: [], over: circles, to: [] };
}

export function highlight(svg, circles) {
  for (const g of svg.querySelectorAll('g.circle')) g.classList.remove('hl-from', 'hl-over', 'hl-to');
  if (!circles) return;
  for (const [kind, list] of Object.entries(circles))
    for (const n of list) svg.querySelector(`[data-circle="C${n}"]`)?.classList.add(`hl-${kind}`);
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
export function formatPosition({ game, phase, board, removed, hands, toMove }) {
  let s = `game: ${game}\n`;
  if (phase) s += `phase: ${phase}\n`;
  const placed = [...board].sort((a, b) => a[0] - b[0]).map(([c, p]) => `${p} on C${c}`);
  if (placed.length) s += `placement: ${placed.join(', ')}\n`;
  if (game === 'highlow' && (removed[0] || removed[1])) s += `removed: ${removed[0]} ${removed[1]}\n`;
  if (phase === 'placement' && hands) s += `hands: ${hands}\n`;
  if (phase === 'placement' && toMove) s += `to-move: ${toMove}\n`;
  return s;
}
