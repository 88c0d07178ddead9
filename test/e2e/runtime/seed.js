'use strict';
/**
 * Seeds a new runtime's node_modules from the installed runtime that shares the most packages with it, so that npm
 * only adds, changes and removes the difference instead of unpacking every package again: n8n 2.30.8 shares 1,862
 * of its 2,400 packages with 2.41.1, and its install took 85 CPU-seconds seeded against 193 unpacked from npm's cache
 * (docs/development.md, "CPU-seconds").
 *
 * The seed is a tree of hard links (`cp -al`): the same files, no copy. That is safe because npm never writes an
 * installed package's files in place — a changed package is extracted into a new folder and the old one removed —
 * with one exception, its hidden lockfile (node_modules/.package-lock.json), which it rewrites in place: that file
 * is copied instead of linked. Everything else that writes into a runtime (the sqlite3 addon, node-gyp's build/
 * folders) removes the file first.
 *
 * CommonJS, Node built-ins and coreutils' cp only.
 */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const HIDDEN_LOCKFILE = '.package-lock.json';
// below this share a seed saves little over unpacking and leaves npm much to remove
const MIN_SHARED = 0.25;
const LINK_TIMEOUT_MS = 10 * 60_000;

/** package path → integrity (or version) of a lockfile's packages, the root excluded. */
function lockedPackages(lockFile) {
  const { packages = {} } = JSON.parse(fs.readFileSync(lockFile, 'utf8'));
  const out = new Map();
  for (const [p, entry] of Object.entries(packages)) {
    if (p && entry && !entry.link) out.set(p, entry.integrity || entry.version || '');
  }
  return out;
}

/** How many packages of `wanted` the tree of `have` already holds at the same path and integrity. */
function sharedCount(wanted, have) {
  let n = 0;
  for (const [p, id] of wanted) if (id && have.get(p) === id) n++;
  return n;
}

/**
 * The best installed runtime to seed `dir` from: { dir, shared, total } or null. Candidates are the sibling
 * runtime-* folders that are ready (`marker` present), not being installed (no `<folder>.lock`) and have a tree.
 */
function chooseSeed(dir, { marker, lockFile = path.join(dir, 'package-lock.json') }) {
  const wanted = lockedPackages(lockFile);
  const root = path.dirname(dir);
  let best = null;
  let names = [];
  try {
    names = fs.readdirSync(root);
  } catch {
    return null;
  }
  for (const name of names.sort()) {
    const candidate = path.join(root, name);
    if (!/^runtime-[0-9a-f]{12}$/.test(name) || candidate === dir) continue;
    if (!fs.existsSync(path.join(candidate, marker)) || fs.existsSync(`${candidate}.lock`)) continue;
    if (!fs.existsSync(path.join(candidate, 'node_modules'))) continue;
    let shared = 0;
    try {
      shared = sharedCount(wanted, lockedPackages(path.join(candidate, 'package-lock.json')));
    } catch {
      continue;
    }
    if (!best || shared > best.shared) best = { dir: candidate, shared, total: wanted.size };
  }
  return best && best.shared >= MIN_SHARED * best.total ? best : null;
}

/**
 * Fills `dir`/node_modules with hard links to the seed's tree and a copy of its hidden lockfile. Returns true, or
 * false (nothing left behind) when the links could not be made, e.g. another file system: npm then unpacks all.
 */
function linkSeed(seedDir, dir) {
  const from = path.join(seedDir, 'node_modules');
  const to = path.join(dir, 'node_modules');
  fs.rmSync(to, { recursive: true, force: true });
  const r = spawnSync('cp', ['-al', from, to], { stdio: 'ignore', timeout: LINK_TIMEOUT_MS });
  if (r.status !== 0) {
    fs.rmSync(to, { recursive: true, force: true });
    return false;
  }
  const hidden = path.join(to, HIDDEN_LOCKFILE);
  fs.rmSync(hidden, { force: true });
  if (fs.existsSync(path.join(from, HIDDEN_LOCKFILE))) fs.copyFileSync(path.join(from, HIDDEN_LOCKFILE), hidden);
  return true;
}

module.exports = { chooseSeed, linkSeed, lockedPackages, sharedCount, MIN_SHARED };
