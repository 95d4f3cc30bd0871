// Piscina worker entry of the tuner: runs one fitness evaluation.
import { importBuiltOrSource } from '../lib/node/built-or-source.mjs';

export default (await importBuiltOrSource(import.meta.url, 'evaluate-task')).evaluateTask;
