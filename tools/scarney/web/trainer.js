// The trainer: the book's end games and traps as exercises. Each asks for
// the best move of its position; the answer is checked against the
// solver's value of every move (the exact analysis the board shows), a
// wrong try earns a hint and the book's own line, and the set keeps a
// score of the exercises solved at the first try. `#train=K` opens
// exercise K (1-based), so each can be linked.
import * as api from './api.js';
import { drawBoard, parsePosition, highlight, markLast } from './board.js';
import { $, facts, h, boardOrder, circleKinds, setHash } from './common.js';
import { showRules } from './rules.js';

const trainer = {
  list: [],          // the book's positions (kind "book")
  at: 0,             // the exercise shown (0-based)
  first: new Map(),  // exercise index -> solved at the first try (true/false)
};

// A move's worth for the side to move, as the exercise's feedback says it.
function worth(a, m) {
  if (facts(a.game).value === 'payoff') return `${m.to_move_wins ? 'wins' : 'loses'}, payoff ${m.value}`;
  if (facts(a.game).value === 'margin') return `margin ${m.value}`;
  return `score ${m.value}`;
}

// Right when the move keeps the position's value: its value is the best
// move's (High-Low: and it wins where the best wins).
const isBest = (m, best) => m.value === best.value && m.to_move_wins === best.to_move_wins;

function scoreText() {
  const done = [...trainer.first.values()];
  return `Solved at the first try: ${done.filter((x) => x).length} of ${done.length} tried (${trainer.list.length} exercises).`;
}

function say(text, kind) {
  $('train-feedback').textContent = text;
  $('train-feedback').dataset.kind = kind;
  $('train-score').textContent = scoreText();
}

// After a wrong try: where the best move starts, and the book's line.
function hint(a, best, book) {
  const k = circleKinds(best.circles);
  const at = [...k.from, ...k.removed, ...k.placed].map((c) => `C${c}`).join(' and ');
  const line = (book.book_line || []).map((s) => s.written || s.move).join(', ');
  return ` Hint: the best move starts at ${at}.` + (line ? ` The book's line: ${line}.` : '');
}

function answer(a, m, b, book) {
  const best = a.moves[0];
  if (!trainer.first.has(trainer.at)) trainer.first.set(trainer.at, isBest(m, best));
  if (isBest(m, best)) {
    b.classList.add('q-best');
    for (const x of document.querySelectorAll('[data-train-move]')) x.disabled = true;
    // The move made on the board, marked as the last move.
    if (m.after) {
      drawBoard($('board'), parsePosition(m.after).board, {});
      markLast($('board'), m.circles);
    }
    say(`Right: ${m.move} is a best move (${worth(a, m)}).`, 'right');
    return;
  }
  b.disabled = true;
  b.classList.add('q-mistake');
  say(`Not the best: ${m.move} (${worth(a, m)}) gives away ${Math.abs(best.value - m.value)}.` + hint(a, best, book), 'wrong');
}

async function show(k) {
  trainer.at = Math.max(0, Math.min(trainer.list.length - 1, k));
  const book = trainer.list[trainer.at];
  setHash(`#train=${trainer.at + 1}`, ['train']);
  const p = parsePosition(book.position);
  drawBoard($('board'), p.board, {});
  showRules(book.game);
  $('train-title').textContent = `Exercise ${trainer.at + 1} of ${trainer.list.length}: ${book.title} (${facts(book.game).label})`;
  $('train-prev').disabled = trainer.at === 0;
  $('train-next').disabled = trainer.at === trainer.list.length - 1;
  $('train-moves').replaceChildren();
  say('Find the best move for the side to move.', 'ask');
  const a = await api.analyse(book.position);
  if (k !== trainer.at) return;
  // Listed by where they are on the board: the solver's order would give
  // the answer away.
  const moves = [...a.moves].sort((x, y) => boardOrder(x).localeCompare(boardOrder(y)));
  for (const m of moves) {
    const b = h('button', { type: 'button', dataset: { trainMove: m.move } }, m.move);
    b.addEventListener('click', () => answer(a, m, b, book));
    b.addEventListener('mouseenter', () => highlight($('board'), m.circles));
    b.addEventListener('mouseleave', () => highlight($('board'), null));
    $('train-moves').appendChild(h('li', {}, b));
  }
  $('trainer').dataset.ready = String(trainer.at + 1);
}

export async function startTrainer(book, k = 0) {
  trainer.list = book.filter((p) => p.kind === 'book');
  if (!trainer.list.length) return false;
  document.body.dataset.mode = 'train';
  $('trainer').hidden = false;
  await show(k);
  return true;
}

// `#train=K`: the trainer at exercise K.
export function trainHash() {
  const k = Number(new URLSearchParams(location.hash.slice(1)).get('train'));
  return Number.isInteger(k) && k >= 1 ? k - 1 : null;
}

export function wireTrainer(book) {
  $('train-prev').addEventListener('click', () => show(trainer.at - 1));
  $('train-next').addEventListener('click', () => show(trainer.at + 1));
  $('train-leave').addEventListener('click', () => {
    history.pushState(null, '', '#');
    location.reload();
  });
  $('train-start').addEventListener('click', () => startTrainer(book(), 0));
}
