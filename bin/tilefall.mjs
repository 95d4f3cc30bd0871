#!/usr/bin/env node
// Runs the compiled CLI when the package is built (dist/), otherwise the TypeScript sources
// through tsx, so a fresh clone works right after `npm ci`.
import { existsSync } from 'node:fs';

const built = new URL('../dist/lib/cli/main.js', import.meta.url);
let main;
if (existsSync(built)) {
  ({ main } = await import(built.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(new URL('../lib/cli/main.ts', import.meta.url).href));
}
process.exitCode = await main(process.argv.slice(2));
