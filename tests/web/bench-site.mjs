// The static site's speed in a real browser (a benchmark, not a test):
// the time to the first board on a cold load, and /api/v1/analyse answered
// by the WebAssembly worker in chromium against the native `scarney serve`
// on 127.0.0.1, for the same positions (every one a different board of
// positions/bench, every move valued with the position after it).
//
//   node tests/web/bench-site.mjs [build/tools/scarney] [build/site] [COUNT]
//
// (Here, beside the browser tests, for their pinned playwright-core.)
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser } from './server.mjs';
import { startStaticServer } from './static-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const scarney = process.argv[2] || join(root, 'build/tools/scarney');
const site = resolve(process.argv[3] || join(root, 'build/site'));
const count = Number(process.argv[4] || 50);
const positions = (file) =>
  readFileSync(join(root, 'positions/bench', file), 'utf8').split(/^---$/m).slice(0, count);
const sets = [
  ['Solitaire, full deal', positions('solitaire-1000.scarney')],
  ['Doubles, full board', positions('doubles-200.scarney')],
  ['High-Low, full board', positions('highlow-200.scarney')],
];

const { proc, url } = await startServer(scarney);
const { server, url: siteUrl } = await startStaticServer(site, url);
const browser = await launchBrowser();
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
try {
  const page = await browser.newPage();
  const t0 = Date.now();
  await page.goto(siteUrl);
  await page.waitForSelector('body[data-ready=true]');
  console.log(`cold load to the first board: ${Date.now() - t0} ms`);
  for (const [name, texts] of sets) {
    const native = [];
    for (const text of texts) {
      const a = performance.now();
      await (await fetch(url + 'api/v1/analyse', { method: 'POST', body: text })).json();
      native.push(performance.now() - a);
    }
    const wasm = await page.evaluate(async (texts) => {
      const w = new Worker('worker.js', { type: 'module' });
      const ask = (id, body) => new Promise((res) => {
        w.onmessage = ({ data }) => res(data);
        w.postMessage({ id, request: { method: 'POST', path: '/api/v1/analyse', query: {}, body } });
      });
      await ask(0, texts[0]);  // the module compiled and warm
      const out = [];
      for (let i = 0; i < texts.length; ++i) {
        const a = performance.now();
        const r = await ask(i + 1, texts[i]);
        if (r.response.status !== 200) throw new Error(r.response.body);
        out.push(performance.now() - a);
      }
      w.terminate();
      return out;
    }, texts);
    const f = (x) => x.toFixed(1);
    console.log(`${name} (${texts.length}): browser median ${f(pct(wasm, 0.5))} ms p95 ${f(pct(wasm, 0.95))} ms;` +
      ` native server median ${f(pct(native, 0.5))} ms p95 ${f(pct(native, 0.95))} ms;` +
      ` ratio of medians ${(pct(wasm, 0.5) / pct(native, 0.5)).toFixed(2)}`);
  }
} finally {
  await browser.close();
  server.close();
  proc.kill('SIGINT');
}
