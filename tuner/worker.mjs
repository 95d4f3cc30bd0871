// Piscina worker entry. From a clone the tuner runs as TypeScript through tsx; a built package
// has evaluate-task.js beside this file.
import { existsSync } from 'node:fs';

const built = new URL('./evaluate-task.js', import.meta.url);
let loaded;
if (existsSync(built)) {
  loaded = await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  loaded = await import(new URL('./evaluate-task.ts', import.meta.url).href);
}
export default loaded.evaluateTask;
