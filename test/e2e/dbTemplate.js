'use strict';
/**
 * A fresh n8n user folder's SQLite database, migrated once per runtime and copied into every new user folder.
 *
 * n8n runs its database migrations (about 200 on an empty SQLite file) in the first command of a new user folder:
 * that command cost 9.4 CPU-seconds against 3.3 for the same command once migrated (n8n 2.41.1, `import:credentials`),
 * and the e2e, browser and matrix suites make a new user folder for every test file. A migrated database holds
 * n8n's schema and its own default rows only (no credential, workflow or key: the migrations run before anything
 * is imported), so every folder starts from the same state as a first run, without paying for it again.
 *
 * The template is made by `n8n list:workflow` (it migrates, then lists nothing) in a scratch folder, and kept in
 * the runtime's folder (`.lp-database-template/`), so each n8n version has its own. Only folders without a
 * database get it; a folder that already has one (a kept demo folder) is left as it is. CommonJS, Node built-ins.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');

const TEMPLATE = '.lp-database-template';
// the database and its write-ahead log, as n8n leaves them (the shared-memory index is rebuilt from the log on open)
const FILES = ['database.sqlite', 'database.sqlite-wal'];

function templateDir(runtime) {
  return path.join(runtime.dir, TEMPLATE);
}

function complete(dir) {
  return fs.existsSync(path.join(dir, FILES[0]));
}

/**
 * Makes the runtime's template once: `migrate(folder)` must run an n8n command in that user folder and resolve when
 * it has exited. Two callers at once each make one; the first rename wins and the other's is removed.
 */
async function ensureTemplate(runtime, migrate) {
  const dir = templateDir(runtime);
  if (complete(dir)) return dir;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-n8n-template-'));
  try {
    await migrate(scratch);
    const partial = `${dir}.${process.pid}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial);
    for (const name of FILES) {
      const from = path.join(scratch, '.n8n', name);
      if (fs.existsSync(from)) fs.copyFileSync(from, path.join(partial, name));
    }
    if (!complete(partial)) {
      fs.rmSync(partial, { recursive: true, force: true });
      throw new Error(`n8n made no ${FILES[0]} in ${scratch}`);
    }
    try {
      fs.renameSync(partial, dir);
    } catch (e) {
      fs.rmSync(partial, { recursive: true, force: true });
      if (!complete(dir)) throw e;
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return dir;
}

/** Copies the template into `<userFolder>/.n8n/` unless the folder has a database already; true when it did. */
function seedDatabase(runtime, userFolder) {
  const target = path.join(userFolder, '.n8n');
  if (fs.existsSync(path.join(target, FILES[0]))) return false;
  fs.mkdirSync(target, { recursive: true });
  for (const name of FILES) {
    const from = path.join(templateDir(runtime), name);
    if (fs.existsSync(from)) fs.copyFileSync(from, path.join(target, name));
  }
  return true;
}

module.exports = { ensureTemplate, seedDatabase, templateDir };
