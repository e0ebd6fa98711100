// `scarney serve --port 0` for the browser tests: the process and the URL it
// prints on its first line.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';

const kSearchTime = 0.3;

// `siteFiles`: files the static site's server takes from elsewhere
// (static-server.mjs).
export async function startServer(scarney, extraArgs = [], siteFiles = {}) {
  // A search budget of 0.3 s, not the default 1 s (the static site's page
  // too: its scarney-time meta): the games are played from the empty
  // board, a search a placement, and the labels checked do not depend on
  // how deep the search went.
  const proc = spawn(scarney, ['serve', '--port', '0', '--time', String(kSearchTime), ...extraArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: proc.stdout }).once('line', (line) => {
      const m = line.match(/http:\/\/127\.0\.0\.1:\d+\//);
      m ? resolve(m[0]) : reject(new Error(`unexpected first line: ${line}`));
    });
    proc.once('exit', (code) => reject(new Error(`scarney serve exited with ${code}`)));
  });
  // SCARNEY_SITE=DIR: the page from the static site in DIR instead, its
  // answers from the WebAssembly worker (the server stays for the tests'
  // own reference questions: static-server.mjs).
  const site = process.env.SCARNEY_SITE;
  if (!site) return { proc, url };
  const { server, url: siteUrl } = await startStaticServer(site, url, kSearchTime, siteFiles);
  const both = { kill: (signal) => { server.close(); return proc.kill(signal); } };
  return { proc: both, url: siteUrl };
}

// Debian's chromium (CHROMIUM=path for another), headless, as every
// browser test launches it: never a downloaded browser.
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

// The page's errors as they come: uncaught exceptions and console errors
// (but those `ignore` matches), for a test to assert that none came.
export function watchErrors(page, ignore = null) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !(ignore && ignore.test(m.text()))) errors.push(m.text());
  });
  return errors;
}

// Runs a script's checks, then closes the browser and stops the server
// whatever happened, calls `after` (a summary), and ends the process:
// status 1 if a check threw (its stack printed as "FAIL ...", unless the
// error says it was: e.reported), else 0.
export async function runChecks(browser, proc, checks, after = () => {}) {
  let failed = false;
  try {
    await checks();
  } catch (e) {
    if (!e.reported) console.log(`FAIL ${e.stack}`);
    failed = true;
  } finally {
    await browser.close();
    proc.kill('SIGINT');
  }
  after();
  process.exit(failed ? 1 : 0);
}
