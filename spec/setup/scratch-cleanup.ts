// Each spec file's temporary folders go when the file's tests end.
import { afterAll } from 'vitest';
import { removeScratchDirectories } from '../support/scratch.js';

afterAll(removeScratchDirectories);
