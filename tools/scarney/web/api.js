// The JSON API of `scarney serve` (docs/api.md), with the analyses cached
// by position text. Two engines: the server, or, on the static site (its
// index.html says `<meta name="scarney-engine" content="wasm">`), the
// solver in WebAssembly in a worker (wasm/worker.js), which answers the
// same requests with the same answers.
const cache = new Map();

const engine = document.querySelector('meta[name="scarney-engine"]')?.content ?? 'server';
// The page says where its answers come from; the static site works offline
// once loaded (its service worker, sw.js, keeps every file).
if (engine === 'wasm') {
  const name = document.getElementById('engine-name');
  if (name) name.textContent = 'the solver in this page (WebAssembly)';
  const note = document.getElementById('api-note');
  if (note) note.textContent = 'Everything is computed in this page: no position leaves it, and it works offline once loaded.';
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});
}
let worker = null;
let asked = 0;
const waiting = new Map();

function inWorker(method, path, body) {
  if (!worker) {
    // A placement search's time, as `scarney serve --time S`: the site's
    // `<meta name="scarney-time" content="S">` (default 1 s), for the worker.
    const time = document.querySelector('meta[name="scarney-time"]')?.content;
    const src = new URL('worker.js', document.baseURI);
    if (time !== undefined) src.searchParams.set('time', time);
    worker = new Worker(src, { type: 'module' });
    worker.onmessage = ({ data: { id, response } }) => {
      waiting.get(id)(response);
      waiting.delete(id);
    };
  }
  const url = new URL(path, document.baseURI);
  const request = {
    method,
    path: url.pathname.replace(/^.*\/api\//, '/api/'),
    query: Object.fromEntries(url.searchParams),
    body: body ?? '',
  };
  const id = ++asked;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker.postMessage({ id, request });
  });
}

async function call(method, path, body) {
  if (engine === 'wasm') {
    const r = await inWorker(method, path, body);
    const j = JSON.parse(r.body);
    if (r.status >= 400) throw Object.assign(new Error(j.error || `HTTP ${r.status}`), j, { status: r.status });
    // For scripts: the answer, as a browser's network log shows the server's.
    window.dispatchEvent(new CustomEvent('scarney-api', { detail: { path, answer: j } }));
    return j;
  }
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.body = body;
    opts.headers['Content-Type'] = typeof body === 'string' ? 'text/plain' : 'application/json';
  }
  const r = await fetch(path, opts);
  let j;
  try {
    j = await r.json();
  } catch (e) {
    throw Object.assign(new Error(`the server answered ${r.status} without JSON`), { status: r.status });
  }
  if (!r.ok) throw Object.assign(new Error(j.error || `HTTP ${r.status}`), j, { status: r.status });
  return j;
}

export function analyse(text) {
  if (!cache.has(text)) {
    const p = call('POST', '/api/v1/analyse', text);
    cache.set(text, p);
    p.catch(() => cache.delete(text));
  }
  return cache.get(text);
}

export const play = (position, move) =>
  call('POST', '/api/v1/play', JSON.stringify({ position, move }));
export const book = () => call('GET', '/api/v1/book');
export const games = () => call('GET', '/api/v1/games');
export const deal = (game, seed, index) =>
  call('GET', `/api/v1/deal?game=${encodeURIComponent(game)}` + (seed !== undefined ? `&seed=${seed}` : '') +
    (index !== undefined ? `&index=${index}` : ''));
export const game = (body) => call('POST', '/api/v1/game', JSON.stringify(body));
