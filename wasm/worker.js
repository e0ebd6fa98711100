// The board's API in a Web Worker, for the static site (no `scarney
// serve`): the page's API client (web/api.js) posts each request here, and
// the solver in WebAssembly answers it as the server would.
import { Engine } from './engine.js';

const ready = fetch(new URL('scarney.wasm', import.meta.url))
  .then((r) => {
    if (!r.ok) throw new Error(`scarney.wasm: HTTP ${r.status}`);
    return r.arrayBuffer();
  })
  .then((bytes) => Engine.load(bytes));

self.onmessage = async ({ data: { id, request } }) => {
  try {
    const engine = await ready;
    self.postMessage({ id, response: engine.api(request) });
  } catch (e) {
    const body = JSON.stringify({ api: 1, error: `the solver could not start: ${e.message}` });
    self.postMessage({ id, response: { status: 500, content_type: 'application/json', body } });
  }
};
