// The second half of `npm run build`: tsc compiles every .ts file of the build's folders into
// dist/, and this copies the rest of them there as they are (the worker entry points), so a
// file added beside the TypeScript ships without a list to update.
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_DIR = fileURLToPath(new URL('../', import.meta.url));
const config = JSON.parse(readFileSync(join(REPO_DIR, 'tsconfig.build.json'), 'utf8'));

for (const folder of config.include) {
  for (const file of readdirSync(join(REPO_DIR, folder), { recursive: true, withFileTypes: true })) {
    if (!file.isFile() || file.name.endsWith('.ts')) continue;
    const from = join(file.parentPath, file.name);
    const to = join(REPO_DIR, config.compilerOptions.outDir, from.slice(REPO_DIR.length));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
}
