// A native `scarney serve --port 0` for the tests that compare it with the
// WebAssembly module, and a request to it: status, Allow and body as text.
import { spawn } from 'node:child_process';
import { request } from 'node:http';

export async function nativeServer(scarney) {
  // A budget no search here reaches, on either side, however loaded the
  // machine: the answers are exact and so equal.
  const child = spawn(scarney, ['serve', '--port', '0', '--time', '120'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve) => child.stdout.once('data', (d) => resolve(String(d))));
  const port = Number(/127\.0\.0\.1:(\d+)/.exec(line)[1]);
  // A connection a request (agent: false): the module's answers block this
  // thread for seconds, longer than the server keeps an idle connection, so
  // a kept-alive one may be closed under the next request.
  const ask = ({ method, path, query, body }) => new Promise((resolve, reject) => {
    const q = query ? '?' + new URLSearchParams(query) : '';
    const req = request({ host: '127.0.0.1', port, method, path: path + q, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode, allow: res.headers.allow, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
  return { ask, stop: () => child.kill('SIGINT') };
}
