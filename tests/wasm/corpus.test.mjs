// Issue 37: bad requests answered byte for byte alike by `scarney serve`
// and by the WebAssembly module, both standing on the service layer
// (solver/service), and without a trap: the module reads bad input as
// values, it never throws.
//   node --test tests/wasm/   (env SCARNEY_BINARY, SCARNEY_WASM, SCARNEY_BOOK)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../wasm/engine.js';
import { nativeServer } from './native_server.mjs';
import { badRequests } from './bad_requests.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const scarney = process.env.SCARNEY_BINARY ?? join(root, 'build/tools/scarney');
const wasmFile = process.env.SCARNEY_WASM ?? join(root, 'build-wasm/scarney.wasm');
const bookFile = process.env.SCARNEY_BOOK ?? join(dirname(wasmFile), '..', 'book.json');
const netFile = join(dirname(bookFile), 'value-nets.txt');


test('at least 200 bad requests: the same status and bytes from the server and the module, no trap', async () => {
  const engine = await Engine.load(readFileSync(wasmFile), readFileSync(bookFile, 'utf8'), readFileSync(netFile, 'utf8'));
  const requests = badRequests();
  assert.ok(requests.length >= 200, `${requests.length} requests`);
  const server = await nativeServer(scarney);
  try {
    const kinds = new Map();
    for (const r of requests) {
      const n = await server.ask(r);
      const w = engine.api({ method: r.method, path: r.path, query: r.query ?? {}, body: r.body ?? '' });
      const what = `${r.method} ${r.path} ${JSON.stringify(r.query ?? r.body ?? '').slice(0, 80)}`;
      assert.ok(n.status >= 400 && n.status < 500, `${what}: a bad request answered ${n.status}`);
      assert.equal(w.status, n.status, what);
      assert.equal(w.body, n.body, what);
      assert.equal(w.allow, n.allow, what);
      kinds.set(n.status, (kinds.get(n.status) ?? 0) + 1);
    }
    assert.equal(engine.instances, 1, 'no request trapped the module');
    assert.ok(kinds.get(400) >= 150 && kinds.get(413) >= 3 && kinds.get(405) >= 5 && kinds.get(404) >= 3,
      JSON.stringify([...kinds]));
  } finally {
    server.stop();
  }
});
