// The board's API in a Web Worker, for the static site (no `scarney
// serve`): the page's API client (web/api.js) posts each request here, and
// the solver in WebAssembly answers it as the server would.
import { Engine } from './engine.js';

// The module, the book's positions (book.json, verified natively) and the
// learned evaluations (value-nets.txt).
const fetched = async (name, as) => {
  const r = await fetch(new URL(name, import.meta.url));
  if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
  return r[as]();
};
// A placement search's time in seconds, from the page's
// `<meta name="scarney-time">` (web/api.js): as `scarney serve --time`.
function searchTime() {
  const text = new URL(import.meta.url).searchParams.get('time');
  if (text === null) return undefined;
  const s = Number(text);
  if (text.trim() === '' || !Number.isFinite(s) || s < 0.01 || s > 600)
    throw new Error(`the page's <meta name="scarney-time" content="${text}">: expected seconds from 0.01 to 600`);
  return s;
}
const ready = Promise.all([fetched('scarney.wasm', 'arrayBuffer'), fetched('book.json', 'text'),
  fetched('value-nets.txt', 'text')])
  .then(async ([bytes, book, net]) => {
    const time = searchTime();
    const engine = await Engine.load(bytes, book, net);
    if (time !== undefined) engine.setBudget(Math.round(time * 1000));
    return engine;
  });

self.onmessage = async ({ data: { id, request } }) => {
  try {
    const engine = await ready;
    self.postMessage({ id, response: engine.api(request) });
  } catch (e) {
    const body = JSON.stringify({ api: 1, error: `the solver could not start: ${e.message}` });
    self.postMessage({ id, response: { status: 500, content_type: 'application/json', body } });
  }
};
