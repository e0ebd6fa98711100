// `scarney serve --port 0` for the browser tests: the process and the URL it
// prints on its first line.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export async function startServer(scarney) {
  const proc = spawn(scarney, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: proc.stdout }).once('line', (line) => {
      const m = line.match(/http:\/\/127\.0\.0\.1:\d+\//);
      m ? resolve(m[0]) : reject(new Error(`unexpected first line: ${line}`));
    });
    proc.once('exit', (code) => reject(new Error(`scarney serve exited with ${code}`)));
  });
  return { proc, url };
}
