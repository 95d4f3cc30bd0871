#!/usr/bin/env node
// In a clone (the TypeScript sources are here) the CLI runs from source through tsx, so a stale
// build never shadows an edit; an installed package ships only the compiled dist/.
import { existsSync } from 'node:fs';

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
