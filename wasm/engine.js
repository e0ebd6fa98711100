// The solver in WebAssembly (wasm/exports.cpp) for JavaScript: the board's
// API answered in the page's worker as `scarney serve` answers it, and the
// bench signature. Plain ES module, for the browser and Node alike: the
// eight WASI functions the module imports are provided here (the clock,
// random bytes, output to the console), so no WASI library is needed.
//
// A throw in the module traps (wasm/runtime.cpp): the engine reads what was
// thrown, answers as the server would (bad input: 400 with the message,
// line and column), and starts a fresh instance for the next call.

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;

class ProcExit extends Error {}

function wasiImports(engine) {
  const view = () => new DataView(engine.memory.buffer);
  const bytes = () => new Uint8Array(engine.memory.buffer);
  const out = { 1: '', 2: '' };
  return {
    environ_sizes_get(count, size) {
      view().setUint32(count, 0, true);
      view().setUint32(size, 0, true);
      return ERRNO_SUCCESS;
    },
    environ_get() { return ERRNO_SUCCESS; },
    clock_time_get(id, _precision, at) {
      // 0: realtime, else monotonic; nanoseconds.
      const ms = id === 0 ? Date.now() : performance.now();
      view().setBigUint64(at, BigInt(Math.round(ms * 1e6)), true);
      return ERRNO_SUCCESS;
    },
    fd_close() { return ERRNO_SUCCESS; },
    fd_seek() { return ERRNO_BADF; },
    fd_write(fd, iovs, count, written) {
      if (fd !== 1 && fd !== 2) return ERRNO_BADF;
      let n = 0;
      for (let i = 0; i < count; ++i) {
        const ptr = view().getUint32(iovs + 8 * i, true);
        const len = view().getUint32(iovs + 8 * i + 4, true);
        out[fd] += new TextDecoder().decode(bytes().subarray(ptr, ptr + len));
        n += len;
      }
      const lines = out[fd].split('\n');
      out[fd] = lines.pop();
      for (const line of lines) (fd === 1 ? console.log : console.error)(line);
      view().setUint32(written, n, true);
      return ERRNO_SUCCESS;
    },
    proc_exit(code) { throw new ProcExit(`exit ${code}`); },
    random_get(ptr, len) {
      crypto.getRandomValues(bytes().subarray(ptr, ptr + len));
      return ERRNO_SUCCESS;
    },
  };
}

export class Engine {
  // `module`: a compiled WebAssembly.Module of scarney.wasm.
  constructor(module) {
    this.module = module;
    this.instances = 0;
    this.fresh();
  }

  // `book`: the text of the site's book.json (`scarney serve --book-json`),
  // the answer to GET /api/v1/book: the book is verified by the native
  // build, and the verifier is not in the module. `net`: the text of the
  // site's value-nets.txt (`scarney serve --value-net`), the learned
  // evaluations the native build embeds and the module does not.
  static async load(bytes, book, net) {
    const engine = new Engine(await WebAssembly.compile(bytes));
    engine.book = book;
    engine.net = net;
    engine.giveBook();
    return engine;
  }

  giveBook() {
    if (this.net) this.giveNet();
    if (this.book === undefined) return;
    this.call('scarney_set_book', [this.book]);
  }

  // value-nets.txt: networks one after the other, each "scarney-value-net 1
  // GAME" and whole numbers (solver/placement/value_net.h), given to the
  // module as 32-bit integers with the game's number.
  giveNet() {
    const games = { singles: 1, doubles: 2 };  // solver/games/game.h's Game
    const nets = this.net.split(/(?=scarney-value-net )/).filter((t) => t.trim());
    if (nets.length === 0) throw new Error('value-nets.txt holds no network');
    for (const text of nets) {
      const words = text.trim().split(/\s+/);
      const whole = [...words.slice(3, 9), ...words.slice(10)];
      const numbers = Int32Array.from(whole, Number);
      const game = games[words[2]];
      const e = this.exports;
      const p = e.scarney_alloc(numbers.byteLength);
      new Int32Array(this.memory.buffer, p, numbers.length).set(numbers);
      const ok = game !== undefined && e.scarney_set_net(game, p, numbers.length);
      e.scarney_free(p);
      if (words.slice(0, 2).join(' ') !== 'scarney-value-net 1' || words[9] !== 'error' || !ok ||
          !whole.every((w) => /^-?[0-9]+$/.test(w)))
        throw new Error(`value-nets.txt: not a network of Singles or Doubles: ${words.slice(0, 3).join(' ')}`);
    }
  }

  fresh() {
    const instance = new WebAssembly.Instance(this.module, {
      wasi_snapshot_preview1: wasiImports(this),
    });
    this.exports = instance.exports;
    this.memory = instance.exports.memory;
    this.exports._initialize();
    if (this.budget !== undefined) this.exports.scarney_set_budget(this.budget);
    this.instances += 1;
    if (this.instances > 1) this.giveBook();
  }

  // Calls an export with strings as (pointer, length); its answer is the
  // string at the returned pointer. A trap (a bug: the module cannot
  // unwind, so only what was never meant to fail throws): {thrown: {...},
  // trapped: the answer of the export `onTrap` names, if any}, and a fresh
  // instance for the next call.
  call(name, strings, onTrap, ...rest) {
    const e = this.exports;
    const blocks = [];
    try {
      const args = [];
      for (const s of strings) {
        const b = new TextEncoder().encode(s);
        const p = e.scarney_alloc(b.length);
        new Uint8Array(this.memory.buffer).set(b, p);
        blocks.push(p);
        args.push(p, b.length);
      }
      const at = e[name](...args, ...rest);
      const text = this.read(at, e.scarney_result_size());
      for (const p of blocks) e.scarney_free(p);
      return { text };
    } catch (err) {
      if (!(err instanceof WebAssembly.RuntimeError)) throw err;
      const thrown = JSON.parse(this.read(e.scarney_error(), e.scarney_result_size()));
      const trapped = onTrap ? this.read(e[onTrap](), e.scarney_result_size()) : undefined;
      this.fresh();
      return { thrown, trapped };
    }
  }

  read(at, size) {
    return new TextDecoder().decode(new Uint8Array(this.memory.buffer, at, size));
  }

  // One request of the board's API (docs/api.md): {method, path, query,
  // body} in, {status, content_type, body} out, as the module words it.
  api(request) {
    // Text as HTTP carries it: a lone surrogate becomes U+FFFD, as fetch
    // and Node's http write it.
    const text = (s) => (typeof s === 'string' ? s.toWellFormed() : s);
    const query = Object.fromEntries(Object.entries(request.query ?? {}).map(([k, v]) => [text(k), text(v)]));
    const well = { method: request.method, path: text(request.path), query, body: text(request.body ?? '') };
    const r = this.call('scarney_api', [JSON.stringify(well)], 'scarney_api_trapped');
    return JSON.parse(r.text ?? r.trapped);
  }

  // A placement search's time budget (as `scarney serve --time`); kept
  // across the fresh instances a trap brings.
  setBudget(milliseconds) {
    this.budget = milliseconds;
    this.exports.scarney_set_budget(milliseconds);
  }

  // A position file's bench signature: pass 0 value, 1 High-Low winner by
  // search, 2 by the pass over every subset.
  bench(text, pass) {
    const r = this.call('scarney_bench', [text], undefined, pass);
    if (r.text === undefined) throw new Error(r.thrown.located || r.thrown.error);
    return JSON.parse(r.text);
  }
}
