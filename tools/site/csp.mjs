// The build's post-build hook, its only one: trunk 0.21 runs a stage's hooks
// at once, and two hooks rewriting index.html lost one's work now and then
// (a build without its policy). In order, it writes the opening worksheet
// into the staged index.html (opening.mjs), then the Content-Security-Policy,
// which hashes the page's inline scripts, then the build's id into the
// service worker, which hashes every staged file. The page may load only its own files, compile its
// own wasm ('wasm-unsafe-eval'), start its own workers, and run the one
// inline module script trunk writes (allowed by its hash, which changes
// with every build, hence a hook).
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { inject } from './opening.mjs';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('csp.mjs runs as a trunk hook (TRUNK_STAGING_DIR is not set)');
inject(dir);
const file = join(dir, 'index.html');
let html = readFileSync(file, 'utf8');
const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
  .map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
const policy = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`.trim(),
  // leptos writes style attributes
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
html = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\s*/g, '');
html = html.replace(/<meta charset="utf-8">/, (m) => `${m}\n    ${meta}`);
writeFileSync(file, html);

// the service worker's cache is named by the build: a hash of every
// staged file but itself, so that a new build gets a cache of its own
const hash = createHash('sha256');
const walk = (d) => {
  for (const name of readdirSync(d).sort()) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (p !== join(dir, 'sw.js')) hash.update(p.slice(dir.length)).update(readFileSync(p));
  }
};
walk(dir);
const build = hash.digest('hex').slice(0, 16);
const sw = join(dir, 'sw.js');
writeFileSync(sw, readFileSync(sw, 'utf8').replace('__CREDITFLOW_BUILD__', build));
console.log(`csp.mjs: ${hashes.length} inline script(s) allowed by hash; build ${build}`);
