// The value history as an SVG chart, in analysis and in game mode: one
// point a ply (`data-ply`), a click on a point goes to that ply.
import { $, svg, chartLayout } from './common.js';

// values: one a ply (null where unknown); estimated: one a ply, true where
// the value is an estimate (drawn dashed, its point hollow: an estimate is
// not drawn as a fact); label: what the values are; current: the ply
// shown; lost: plies whose move gave value away (marked, with a title);
// onPick(ply).
export function drawChart({ values, estimated = [], label, current, lost = new Map(), onPick }) {
  const box = $('value-chart');
  box.replaceChildren();
  const known = values.map((v) => (v === null || v === undefined ? 0 : v));
  $('chart-box').hidden = values.length < 2;
  if (values.length < 2) return;
  const L = chartLayout(known);
  const shown = (ply) => (values[ply] === null || values[ply] === undefined ? 'unknown' : `${estimated[ply] ? '≈ ' : ''}${values[ply]}`);
  const root = svg('svg', { viewBox: `0 0 ${L.W} ${L.H}`, role: 'group', 'aria-label': `Value history: ${label}`, 'data-testid': 'value-chart-svg' }, box);
  svg('line', { x1: L.pad, x2: L.W - L.pad, y1: L.zero, y2: L.zero, class: 'axis' }, root);
  // A segment is dashed when either end is an estimate.
  for (let i = 1; i < L.points.length; ++i) {
    const [p, q] = [L.points[i - 1], L.points[i]];
    const est = estimated[i - 1] || estimated[i];
    svg('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: est ? 'history estimate' : 'history' }, root);
  }
  for (const t of L.ticks) svg('text', { x: L.pad - 4, y: t.y + 4, class: 'tick', 'text-anchor': 'end' }, root).textContent = String(Math.round(t.v));
  for (const t of L.xticks) svg('text', { x: t.x, y: L.H - 8, class: 'tick', 'text-anchor': 'middle' }, root).textContent = String(t.ply);
  svg('text', { x: L.pad, y: 16, class: 'chart-label' }, root).textContent = `${label} (ply along the bottom)`;
  if (estimated.some((e) => e)) svg('text', { x: L.W - L.pad, y: 34, class: 'chart-label', 'text-anchor': 'end' }, root).textContent = 'dashed, hollow: estimates (≈)';
  for (const p of L.points) {
    const why = lost.get(p.ply);
    const cls = [why ? 'lost' : 'kept', estimated[p.ply] ? 'estimate' : '', p.ply === current ? 'now' : ''].join(' ').replace(/ +/g, ' ').trim();
    const c = svg('circle', {
      cx: p.x, cy: p.y, r: why ? 6 : 4.5, class: cls, 'data-ply': p.ply, tabindex: '0', role: 'button',
      'aria-label': `ply ${p.ply}: ${shown(p.ply)}${why ? `; ${why}` : ''}`,
    }, root);
    svg('title', {}, c).textContent = `${p.ply}: ${shown(p.ply)}${why ? ` — ${why}` : ''}`;
    if (onPick) {
      c.addEventListener('click', () => onPick(p.ply));
      c.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onPick(p.ply);
        }
      });
    }
  }
}
