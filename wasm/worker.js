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

// The High-Low proof's top (proof-top.json, `scarney serve --proof-json`;
// the module links no proof): fetched at the first High-Low placement
// analysed, its fields added to the answer as the server adds them for a
// position on the proof. Positions are looked up by the lines of their
// text that say what they are (a title or a to-move line aside).
let proofTop = null;
const proofKey = (text) => `${text.split('\n').filter((l) => /^(game|phase|placement|hands):/.test(l)).join('\n')}\n`;
async function withProof(request, response) {
  if (response.status !== 200 || !request.path.endsWith('/analyse')) return response;
  const j = JSON.parse(response.body);
  if (j.game !== 'highlow' || j.phase !== 'placement' || typeof j.position_text !== 'string') return response;
  proofTop ??= fetched('proof-top.json', 'json');
  const { positions } = await proofTop;
  const proved = positions[proofKey(j.position_text)];
  // Each move whose position after it is on the top: the mover wins by it
  // when he is the proof's winner.
  const moves = (j.moves ?? []).map((m) => {
    const after = m.after === undefined ? undefined : positions[proofKey(m.after)];
    return after ? { ...m, proved_wins: after.proved_winner === m.mover } : m;
  });
  if (!proved && moves.every((m, i) => m === j.moves[i])) return response;
  return { ...response, body: JSON.stringify({ ...j, ...proved, ...(j.moves ? { moves } : {}) }) };
}

self.onmessage = async ({ data: { id, request } }) => {
  try {
    const engine = await ready;
    self.postMessage({ id, response: await withProof(request, engine.api(request)) });
  } catch (e) {
    const body = JSON.stringify({ api: 1, error: `the solver could not start: ${e.message}` });
    self.postMessage({ id, response: { status: 500, content_type: 'application/json', body } });
  }
};
