#!/usr/bin/env node
// An installed package runs its compiled dist/. A clone (the TypeScript sources are here) runs its
// own build of them, made again whenever a source changed (scripts/clone-build.mjs), so a stale
// build never shadows an edit and no start pays for compiling TypeScript.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Node 22.1 and later keep V8's compiled code of every module between runs, keyed by content, so
// the modules of a start are not compiled again; Node 20 has no such cache and skips this.
module.enableCompileCache?.();

// A reader that stops early (`tilefall … | head`) closes the pipe: stop quietly, as Unix tools do.
// Any other failure (a full disk, `>/dev/full`) loses the output: one line and exit 2, as for a
// file option that cannot be written, never a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`tilefall: standard output: cannot be written (${error.code ?? error.message})\n`);
  process.exit(2);
});
// The stack trace TILEFALL_DEBUG shows names the TypeScript lines, through the build's source maps.
if (process.env.TILEFALL_DEBUG) process.setSourceMapsEnabled(true);

const root = new URL('../', import.meta.url);
const source = new URL('lib/cli/main.ts', root);
let main;
if (existsSync(source)) {
  const { currentBuild } = await import(new URL('scripts/clone-build.mjs', root).href);
  let built;
  try {
    built = await currentBuild(fileURLToPath(root));
  } catch (error) {
    if (error.inSource) {
      process.stderr.write(`tilefall: ${error.message}\n`);
      process.exit(70);
    }
    // A clone where the build cannot be written (a read-only checkout): the sources through tsx, slower.
    process.stderr.write(`tilefall: running the sources through tsx, the clone's build failed: ${error.message}\n`);
    const { register } = await import('tsx/esm/api');
    register();
  }
  ({ main } = await import(built === undefined ? source.href : pathToFileURL(`${built}/lib/cli/main.js`).href));
} else {
  ({ main } = await import(new URL('dist/lib/cli/main.js', root).href));
}
process.exitCode = await main(process.argv.slice(2));
