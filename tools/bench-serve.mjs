// Latency of `scarney serve`'s /api/v1/analyse on full boards (a benchmark,
// not a test): a warm server on 127.0.0.1, the positions of
// positions/bench (every one a different full board, so nothing is answered
// from a cache), every move valued with the position after it.
//
//   node tools/bench-serve.mjs [build/tools/scarney] [REQUESTS]
//
// Prints median and p95 latency with one client, and requests per second
// with two clients, for a Solitaire deal, a Doubles board and a High-Low
// board.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scarney = process.argv[2] || join(root, 'build/tools/scarney');
const count = Number(process.argv[3] || 200);

const proc = spawn(scarney, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve) => {
  createInterface({ input: proc.stdout }).once('line', (l) => resolve(l.match(/http:\/\/\S+\//)[0]));
});

const positions = (file) => readFileSync(join(root, 'positions/bench', file), 'utf8').split(/^---$/m);

async function analyse(text) {
  const t0 = performance.now();
  const r = await fetch(url + 'api/v1/analyse', { method: 'POST', body: text });
  const j = await r.json();
  if (!r.ok || !j.moves) throw new Error(`bad answer: ${JSON.stringify(j).slice(0, 200)}`);
  return performance.now() - t0;
}

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];

for (const [name, file] of [
  ['Solitaire, full deal', 'solitaire-1000.scarney'],
  ['Doubles, full board', 'doubles-200.scarney'],
  ['High-Low, full board', 'highlow-200.scarney'],
]) {
  const ps = positions(file);
  await analyse(ps[ps.length - 1]); // warm-up: tables built once per thread
  const n = Math.min(count, ps.length - 1);
  const one = [];
  for (let i = 0; i < n; ++i) one.push(await analyse(ps[i]));
  one.sort((a, b) => a - b);
  // Two clients, each its own half of the positions.
  const t0 = performance.now();
  const half = Math.floor(n / 2);
  await Promise.all([0, 1].map(async (k) => {
    for (let i = k * half; i < (k + 1) * half; ++i) await analyse(ps[i]);
  }));
  const rps = (2 * half) / ((performance.now() - t0) / 1000);
  console.log(`${name.padEnd(22)} ${n} requests: median ${pct(one, 0.5).toFixed(1)} ms, ` +
    `p95 ${pct(one, 0.95).toFixed(1)} ms, max ${one[one.length - 1].toFixed(1)} ms; ` +
    `two clients ${rps.toFixed(0)} requests/s`);
}
proc.kill('SIGINT');
