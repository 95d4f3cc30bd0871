// Loads a module of the package as it is installed: a built package has the compiled `NAME.js`
// beside the caller; a clone has only `NAME.ts`, run through tsx (registered here, once a thread).
import { existsSync } from 'node:fs';

/** Imports `name` (without extension) from the folder of the module at URL `base`. */
export async function importBuiltOrSource(base, name) {
  const built = new URL(`./${name}.js`, base);
  if (existsSync(built)) return import(built.href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(new URL(`./${name}.ts`, base).href);
}
