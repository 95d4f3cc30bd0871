// Builds the single-file CodinGame bot: `npm run build:codingame [-- --lines FILE] [--out FILE]`. With a lines
// file (what `samegame solve --lines FILE` keeps), the best line of each board is packed into the
// bundle (`lib/samegame/search/packed-lines.ts`), and the build refuses a bundle over CodinGame's
// 100,000 characters, saying how many lines would fit.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Cell } from '../lib/samegame/engine/board.js';
import { readLinesFile } from '../lib/samegame/node/lines-file.js';
import { packLines } from '../lib/samegame/search/packed-lines.js';
import { REPO_DIR } from './repo.js';

/** CodinGame's limit on a bot's source, in characters (the bundle is ASCII: bytes). */
const CODINGAME_LIMIT = 100_000;
const DEFAULT_OUT = join(REPO_DIR, 'dist/codingame/samegame-bot.js');

function fail(message: string): never {
  process.stderr.write(`build:codingame: ${message}\n`);
  process.exit(2);
}

async function bundle(packed: string | undefined, out: string): Promise<number> {
  await build({
    entryPoints: [join(REPO_DIR, 'lib/cli/samegame/codingame-bot.ts')],
    bundle: true,
    platform: 'node',
    format: 'iife',
    target: 'node16',
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    outfile: out,
    logLevel: 'warning',
    define: packed === undefined ? {} : { TILEFALL_PACKED_LINES: JSON.stringify(packed) },
  });
  return statSync(out).size;
}

async function main(argv: readonly string[]): Promise<void> {
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    if (!['--lines', '--out'].includes(argv[i]) || argv[i + 1] === undefined)
      fail('usage: build:codingame [-- --lines FILE] [--out FILE]');
    options.set(argv[i], argv[i + 1]);
  }
  const out = options.get('--out') ?? DEFAULT_OUT;
  const file = options.get('--lines');
  if (file === undefined) {
    await bundle(undefined, out);
    return;
  }
  const stored = readLinesFile(file);
  if (!stored.ok)
    fail(`${stored.error.file}${stored.error.line ? ` line ${stored.error.line}` : ''}: ${stored.error.message}`);
  const lines = new Map<string, readonly Cell[]>([...stored.value].map(([key, line]) => [key, line.moves]));
  let packed: string;
  try {
    packed = packLines(lines);
  } catch (e) {
    fail(`${file}: ${(e as Error).message}`);
  }
  const size = await bundle(packed, out);
  const perLine = lines.size === 0 ? 0 : packed.length / lines.size;
  if (size > CODINGAME_LIMIT) {
    const room = CODINGAME_LIMIT - (size - packed.length);
    fail(
      `${out}: ${size} characters with ${lines.size} lines, over CodinGame's ${CODINGAME_LIMIT}; about ${Math.floor(room / perLine)} lines of this length fit`,
    );
  }
  process.stdout.write(
    `${out}: ${size} characters, ${lines.size} lines embedded (${Math.round(perLine)} characters a line)\n`,
  );
}

await main(process.argv.slice(2));
