// Worker-thread entry of parallel SameGame solves (a piscina task module): runs one solve task.
import { importBuiltOrSource } from '../../node/built-or-source.mjs';

export default (await importBuiltOrSource(import.meta.url, 'solve-task')).runSolveTask;
