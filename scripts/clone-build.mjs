// A clone's command line runs compiled JavaScript, not the TypeScript through tsx: tsx and the
// type stripping cost most of a start. The build is esbuild's, file by file (no bundle, no type
// check: `npm run typecheck` does that), into `.build/<fingerprint>/`, with source maps.
//
// An edit is never shadowed by a stale build: the fingerprint is every source file's path, size
// and modification time (lib/, tuner/, the tsconfigs and this script), read at every start, and a
// build is used only under its own fingerprint. A walk of those folders is cheap beside a start;
// a stamp of the newest time alone would miss a file deleted or restored with an older time.
//
// Concurrent first runs (the specs spawn the CLI side by side) each build into a folder of their
// own and rename it into place: the rename is atomic, a loser drops its copy and uses the winner's.
// Not inside node_modules: that folder may be shared between clones (worktrees), and the package
// root, found from a module's place, must be this clone.
//
// The executable calls `currentBuild` before every start, so the first start after `npm ci` or an
// edit builds; `node scripts/clone-build.mjs` builds now. Not an npm `prepare` script: npm would
// list it among the install scripts of the published package, which a user must then approve.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folders compiled, as the package's own build (tsconfig.build.json) has them. */
const SOURCE_DIRS = ['lib', 'tuner'];
/** Files outside them that change what a build holds. */
const SETTINGS = ['tsconfig.json', 'tsconfig.build.json', 'scripts/clone-build.mjs'];
/** The clone's builds, one folder a fingerprint (git ignores it). */
export const BUILD_ROOT = '.build';
/** A build no start has used for this long goes when another is made. */
const UNUSED_FOR_MS = 24 * 60 * 60 * 1000;
/** Beyond this many builds, one unused for a few minutes goes too (an edit makes a new one). */
const KEEP = 8;
const RECENT_MS = 10 * 60 * 1000;
/** In a build, the fingerprint it was made from. */
const SOURCES_FILE = 'sources.txt';

/** Every source file's path, size and modification time, one a line: what a build was made from. */
export function sourceFingerprint(repoDir) {
  const lines = [];
  const add = (path) => {
    const stat = statSync(join(repoDir, path));
    lines.push(`${path} ${stat.size} ${stat.mtimeMs}`);
  };
  for (const dir of SOURCE_DIRS) {
    for (const entry of readdirSync(join(repoDir, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) add(relative(repoDir, join(entry.parentPath, entry.name)));
    }
  }
  for (const file of SETTINGS) if (existsSync(join(repoDir, file))) add(file);
  return lines.sort().join('\n');
}

const buildName = (fingerprint) => createHash('sha256').update(fingerprint).digest('hex').slice(0, 16);

/**
 * The folder of the clone's build of its current sources (holding lib/ and tuner/ as dist/ does),
 * built first if there is none. Throws the compiler's message, with `inSource` set, when a source
 * does not compile, and the file system's error when the build cannot be written.
 */
export async function currentBuild(repoDir) {
  const fingerprint = sourceFingerprint(repoDir);
  const dir = join(repoDir, BUILD_ROOT, buildName(fingerprint));
  if (existsSync(dir)) {
    // The folder's time says when a start last used it (see removeOldBuilds).
    const now = new Date();
    try {
      utimesSync(dir, now, now);
    } catch {
      // removed in between by another clone's clean-up: build it again below
    }
    if (existsSync(dir)) return holdBuild(dir);
  }
  await build(repoDir, fingerprint, dir);
  try {
    removeOldBuilds(join(repoDir, BUILD_ROOT), dir);
  } catch {
    // a clean-up left for the next build: never a reason to fail a start
  }
  return holdBuild(dir);
}

/** The folder in a build where each process running from it leaves a file named by its pid. */
const HOLDERS = '.held-by';

/**
 * Marks `dir` as in use by this process until it exits, so that no clean-up removes it meanwhile:
 * a worker runs for days, and starts its threads from its build long after its own start.
 */
function holdBuild(dir) {
  try {
    const mark = join(dir, HOLDERS, String(process.pid));
    mkdirSync(join(dir, HOLDERS), { recursive: true });
    writeFileSync(mark, '');
    process.once('exit', () => rmSync(mark, { force: true }));
  } catch {
    // an unmarked build is only at risk of a clean-up, never a reason to fail a start
  }
  return dir;
}

/** True when a process that marked `dir` as in use still runs (a pid reused since only keeps it longer). */
function heldByLiveProcess(dir) {
  let pids;
  try {
    pids = readdirSync(join(dir, HOLDERS)).map(Number);
  } catch {
    return false;
  }
  return pids.some((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return error.code === 'EPERM';
    }
  });
}

async function build(repoDir, fingerprint, dir) {
  const esbuild = await import('esbuild').catch(() => {
    throw new Error("the clone's build needs esbuild, a dev dependency: run npm ci");
  });
  const temporary = `${dir}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const lines = fingerprint.split('\n');
  const sources = lines.filter((line) => SOURCE_DIRS.some((d) => line.startsWith(`${d}/`)));
  const path = (line) => line.slice(0, line.indexOf(' '));
  try {
    // A file unchanged since the last build is not compiled again: its output is linked from there.
    const reused = reusableOutputs(join(repoDir, BUILD_ROOT), lines, temporary);
    const compile = sources.map(path).filter((f) => f.endsWith('.ts') && !reused.has(f));
    await esbuild.build({
      entryPoints: compile.map((f) => join(repoDir, f)),
      outdir: temporary,
      outbase: repoDir,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'silent',
    });
    // The rest as they are (the worker entry points), as scripts/copy-assets.mjs does for dist/.
    for (const file of sources.map(path).filter((f) => !f.endsWith('.ts'))) {
      mkdirSync(dirname(join(temporary, file)), { recursive: true });
      copyFileSync(join(repoDir, file), join(temporary, file));
    }
    writeFileSync(join(temporary, SOURCES_FILE), `${fingerprint}\n`);
    renameSync(temporary, dir);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    // Another start built the same sources first: theirs is as good.
    if (existsSync(dir)) return;
    // A source that does not compile, as opposed to a clone where the build cannot be written.
    if (error.errors?.some((e) => e.location)) {
      throw Object.assign(new Error(buildMessage(error.errors, repoDir)), { inSource: true });
    }
    throw error;
  }
}

/**
 * Links into `temporary` the outputs of the newest build for every TypeScript file whose line
 * (size and time) is the same in `lines`, and returns those files. Only when the settings are the
 * same too (a compiler option changes every output); none when anything goes wrong, which only
 * costs compiling them.
 */
function reusableOutputs(root, lines, temporary) {
  const reused = new Set();
  try {
    const last = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.includes('.tmp-'))
      .map((entry) => ({ dir: join(root, entry.name), made: statSync(join(root, entry.name, SOURCES_FILE)).mtimeMs }))
      .sort((a, b) => b.made - a.made)[0];
    if (last === undefined) return reused;
    const before = new Set(readFileSync(join(last.dir, SOURCES_FILE), 'utf8').split('\n'));
    const settings = lines.filter((line) => SETTINGS.some((file) => line.startsWith(`${file} `)));
    if (!settings.every((line) => before.has(line))) return reused;
    for (const line of lines) {
      const file = line.slice(0, line.indexOf(' '));
      if (!file.endsWith('.ts') || !before.has(line)) continue;
      const output = file.replace(/\.ts$/, '.js');
      mkdirSync(dirname(join(temporary, output)), { recursive: true });
      for (const name of [output, `${output}.map`]) linkSync(join(last.dir, name), join(temporary, name));
      reused.add(file);
    }
  } catch {
    rmSync(temporary, { recursive: true, force: true });
    reused.clear();
  }
  return reused;
}

/** esbuild's errors as `file:line:column: text` lines. */
function buildMessage(errors, repoDir) {
  const lines = errors.map((e) =>
    e.location
      ? `${relative(repoDir, join(repoDir, e.location.file))}:${e.location.line}:${e.location.column + 1}: ${e.text}`
      : e.text,
  );
  return `the clone's build failed:\n${lines.join('\n')}`;
}

/**
 * Removes builds no start has used for a day, and beyond the newest few those unused for minutes,
 * but never one a running process started from.
 */
function removeOldBuilds(root, current) {
  const now = Date.now();
  const builds = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && join(root, entry.name) !== current)
    .map((entry) => ({ path: join(root, entry.name), used: statSync(join(root, entry.name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  builds.forEach(({ path, used }, i) => {
    // A start still building (its temporary folder) or still running from an old build is left alone.
    const stale = now - used > UNUSED_FOR_MS || (i >= KEEP - 1 && now - used > RECENT_MS);
    if (stale && !heldByLiveProcess(path)) rmSync(path, { recursive: true, force: true });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repoDir = fileURLToPath(new URL('../', import.meta.url));
  const started = Date.now();
  const dir = await currentBuild(repoDir);
  const read = readFileSync(join(dir, SOURCES_FILE), 'utf8').split('\n').length - 1;
  process.stdout.write(`clone build: ${relative(repoDir, dir)} (${read} files, ${Date.now() - started} ms)\n`);
}
