// `node --import <this file>`: appends the URL of every module the process loads to the file
// named by RECORD_IMPORTS_TO, one a line. Loaded twice: on the main thread it registers itself as
// the loader's hooks, and on the hooks' thread it is the hooks.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) register(import.meta.url);

export async function load(url, context, next) {
  appendFileSync(process.env.RECORD_IMPORTS_TO, `${url}\n`);
  return next(url, context);
}
