// A plain static web server for the static site (build/site): files only,
// GET and HEAD, with their MIME types. The tests' own reference questions
// to the API (made from Node, not from the page) are passed to a native
// `scarney serve`; a request to /api/ from the browser is refused (403), so
// a test fails if the page ever asks a server instead of its worker.
import { createServer, request as httpRequest } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png',
};

// `time`: the page's search time in seconds (its `scarney-time` meta, as
// `scarney serve --time`), written into index.html as it is served.
// `files`: a file of the site served from elsewhere ({'proof-top.json': path}).
export function startStaticServer(dir, apiUrl, time, files = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.startsWith('/api/')) {
      if (/Chrome/.test(req.headers['user-agent'] ?? '')) {
        res.writeHead(403, { 'Content-Type': 'text/plain' });
        res.end('the static site has no API: the page must use its worker');
        return;
      }
      // A connection of its own (agent: false): a kept-alive one that the
      // server has just closed as idle reset a request once ("socket hang
      // up"), and the unhandled error ended the whole test script, which
      // then hung until ctest's timeout. An error is answered as one.
      const up = httpRequest(new URL(req.url, apiUrl), { method: req.method, headers: req.headers, agent: false }, (r) => {
        res.writeHead(r.statusCode, r.headers);
        r.pipe(res);
      });
      up.on('error', (e) => {
        if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
        res.end(`the static server's request to scarney serve failed: ${e.message}`);
      });
      req.pipe(up);
      return;
    }
    const name = path.replace(/^\//, '');
    const file = Object.hasOwn(files, name) ? files[name] : normalize(join(dir, path.endsWith('/') ? path + 'index.html' : path));
    if (!(Object.hasOwn(files, name) || file.startsWith(dir)) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    try {
      let body = await readFile(file);
      if (time !== undefined && file.endsWith('index.html')) {
        const meta = '<meta name="scarney-engine" content="wasm">';
        body = Buffer.from(body.toString().replace(meta, `${meta}\n<meta name="scarney-time" content="${time}">`));
      }
      res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () =>
    resolve({ server, url: `http://127.0.0.1:${server.address().port}/` })));
}
