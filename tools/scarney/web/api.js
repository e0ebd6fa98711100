// The JSON API of `scarney serve` (docs/api.md), with the analyses cached
// by position text.
const cache = new Map();

async function call(method, path, body) {
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
export const deal = (game, seed, index) =>
  call('GET', `/api/v1/deal?game=${encodeURIComponent(game)}` + (seed !== undefined ? `&seed=${seed}` : '') +
    (index !== undefined ? `&index=${index}` : ''));
export const game = (body) => call('POST', '/api/v1/game', JSON.stringify(body));
