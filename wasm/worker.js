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
const ready = Promise.all([fetched('scarney.wasm', 'arrayBuffer'), fetched('book.json', 'text'),
  fetched('value-nets.txt', 'text')])
  .then(([bytes, book, net]) => Engine.load(bytes, book, net));

self.onmessage = async ({ data: { id, request } }) => {
  try {
    const engine = await ready;
    self.postMessage({ id, response: engine.api(request) });
  } catch (e) {
    const body = JSON.stringify({ api: 1, error: `the solver could not start: ${e.message}` });
    self.postMessage({ id, response: { status: 500, content_type: 'application/json', body } });
  }
};
