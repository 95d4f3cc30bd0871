// The repository's root, whatever directory a script is run from.
import { fileURLToPath } from 'node:url';

export const REPO_DIR = fileURLToPath(new URL('../', import.meta.url));
