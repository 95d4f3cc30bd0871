#!/usr/bin/env node
// An installed package runs its compiled dist/. A clone (the TypeScript sources are here) runs its
// own build of them, made again whenever a source changed (scripts/clone-build.mjs), so a stale
// build never shadows an edit and no start pays for compiling TypeScript.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

// A reader that stops early (`tilefall … | head`) closes the pipe: stop quietly, as Unix tools do.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
// The stack trace TILEFALL_DEBUG shows names the TypeScript lines, through the build's source maps.
if (process.env.TILEFALL_DEBUG) process.setSourceMapsEnabled(true);

const root = new URL('../', import.meta.url);
let built = new URL('dist/', root);
if (existsSync(new URL('lib/cli/main.ts', root))) {
  const { currentBuild } = await import(new URL('scripts/clone-build.mjs', root).href);
  try {
    built = pathToFileURL(`${await currentBuild(fileURLToPath(root))}/`);
  } catch (error) {
    process.stderr.write(`tilefall: ${error.message}\n`);
    process.exit(70);
  }
}
const { main } = await import(new URL('lib/cli/main.js', built).href);
process.exitCode = await main(process.argv.slice(2));
