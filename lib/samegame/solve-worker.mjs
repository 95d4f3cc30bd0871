// Worker-thread entry of parallel SameGame solves (a piscina task module): runs one solve task.
// From a clone the code runs as TypeScript through tsx; a built package has solve-task.js beside
// this file.
import { existsSync } from 'node:fs';

const built = new URL('./solve-task.js', import.meta.url);
let loaded;
if (existsSync(built)) {
  loaded = await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  loaded = await import(new URL('./solve-task.ts', import.meta.url).href);
}
export default loaded.runSolveTask;
