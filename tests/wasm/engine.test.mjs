// The WebAssembly build against the native one (issue 25's "bench
// signature", as lichess checks Stockfish's wasm by node counts): every
// bench file's values and node counts equal `scarney bench --signature`,
// and the board's API answers as `scarney serve` does, bad input included.
//   node --test tests/wasm/   (env SCARNEY_BINARY, SCARNEY_WASM)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Engine } from '../../wasm/engine.js';
import { nativeServer } from './native_server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const scarney = process.env.SCARNEY_BINARY ?? join(root, 'build/tools/scarney');
const wasmFile = process.env.SCARNEY_WASM ?? join(root, 'build-wasm/scarney.wasm');
// The site's book.json beside the module (tools/site.cmake), as the worker
// loads it.
const bookFile = process.env.SCARNEY_BOOK ?? join(dirname(wasmFile), '..', 'book.json');
const netFile = join(dirname(bookFile), 'value-nets.txt');
const engine = await Engine.load(readFileSync(wasmFile), readFileSync(bookFile, 'utf8'), readFileSync(netFile, 'utf8'));
const passNumber = { value: 0, winner: 1, 'winner-pass': 2 };

test('every bench file: the same values and node counts as the native build', () => {
  const files = readdirSync(join(root, 'positions/bench')).map((f) => join(root, 'positions/bench', f));
  const native = execFileSync(scarney, ['bench', '--signature', ...files], { encoding: 'utf8' })
    .trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(native.length, 5);
  for (const n of native) {
    const w = engine.bench(readFileSync(n.file, 'utf8'), passNumber[n.pass]);
    assert.deepEqual(w, { checksum: n.checksum, nodes: n.nodes, positions: n.positions }, `${n.file} ${n.pass}`);
  }
});

// The page loads the module over the network: the README gives its size and
// the target it must stay under (150 KB gzipped), so this test holds it.
test('the module is under 150 KB gzipped', () => {
  const gzipped = gzipSync(readFileSync(wasmFile), { level: 9 }).length;
  assert.ok(gzipped <= 150 * 1024, `${gzipped} bytes gzipped`);
});


function positionsOf(dir) {
  const out = [];
  for (const f of readdirSync(join(root, dir)).sort())
    for (const p of readFileSync(join(root, dir, f), 'utf8').split(/^---$/m)) if (p.trim()) out.push(p.trim() + '\n');
  return out;
}

test('the API: the same answers as scarney serve, bad input included', async () => {
  const server = await nativeServer(scarney);
  engine.setBudget(120000);
  try {
    const deal = (game, left, seed) => execFileSync(scarney, ['deal', '--game', game, '--left', String(left), '--seed', String(seed)], { encoding: 'utf8' });
    const requests = [
      ...positionsOf('positions/book').map((body) => ({ method: 'POST', path: '/api/v1/analyse', body })),
      ...['singles', 'doubles', 'highlow'].flatMap((g) => [2, 4, 5].map((left) => ({ method: 'POST', path: '/api/v1/analyse', body: deal(g, left, 7) }))),
      { method: 'GET', path: '/api/v1/deal', query: { game: 'doubles', seed: '11' } },
      { method: 'GET', path: '/api/v1/book' },
      { method: 'POST', path: '/api/v1/play', body: JSON.stringify({ position: positionsOf('positions/book')[0], move: 'nonsense' }) },
      // Bad input: the same located message.
      { method: 'POST', path: '/api/v1/analyse', body: 'game: solitaire\nphase: jump\nplacement: B5 on C1\n' },
      { method: 'POST', path: '/api/v1/analyse', body: 'game: chess\n' },
      { method: 'POST', path: '/api/v1/game', body: JSON.stringify({ start: 'game: doubles\nphase: nothing\n' }) },
      { method: 'POST', path: '/api/v1/game', body: '{"start": 5}' },
    ];
    for (const r of requests) {
      const n = await server.ask(r);
      const w = engine.api({ ...r, query: r.query ?? {}, body: r.body ?? '' });
      assert.equal(w.status, n.status, `${r.method} ${r.path} ${r.body?.slice(0, 60)}`);
      assert.deepEqual(JSON.parse(w.body), JSON.parse(n.body), `${r.method} ${r.path} ${r.body?.slice(0, 60)}`);
    }
    assert.equal(engine.instances, 1, 'bad input is answered without a trap');
  } finally {
    server.stop();
  }
});

test('a far placement position: an estimate within the budget, its value its best move\'s', () => {
  engine.setBudget(1000);
  const start = execFileSync(scarney, ['deal', '--game', 'doubles', '--left', '16', '--seed', '2'], { encoding: 'utf8' });
  const t0 = performance.now();
  const r = engine.api({ method: 'POST', path: '/api/v1/analyse', query: {}, body: start });
  const seconds = (performance.now() - t0) / 1000;
  assert.equal(r.status, 200);
  const j = JSON.parse(r.body);
  assert.equal(j.exact, false);
  assert.equal(j.budget_spent, true);
  assert.equal(j.value, j.moves[0].value);
  assert.ok(seconds < 2, `took ${seconds} s with a 1 s budget`);
});

// The module embeds no network: it is given value-nets.txt's, and values
// far boards of Singles and Doubles by them as the native build does.
test('the learned evaluations given to the module: Singles and Doubles boards valued by them', () => {
  engine.setBudget(300);
  for (const game of ['singles', 'doubles']) {
    const start = execFileSync(scarney, ['deal', '--game', game, '--left', '13', '--seed', '3'], { encoding: 'utf8' });
    const j = JSON.parse(engine.api({ method: 'POST', path: '/api/v1/analyse', query: {}, body: start }).body);
    assert.equal(j.exact, false, game);
    assert.equal(j.evaluation, 'learned', game);
    assert.ok(j.error > 0, `${game}: the network's error shown`);
  }
});
