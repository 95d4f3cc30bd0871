#!/usr/bin/env node
// In a clone (the TypeScript sources are here) the CLI runs from source through tsx, so a stale
// build never shadows an edit; an installed package ships only the compiled dist/.
import { existsSync } from 'node:fs';

// A reader that stops early (`tilefall … | head`) closes the pipe: stop quietly, as Unix tools do.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const source = new URL('../lib/cli/main.ts', import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import(new URL('../dist/lib/cli/main.js', import.meta.url).href));
}
process.exitCode = await main(process.argv.slice(2));
