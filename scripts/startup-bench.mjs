// `npm run bench:startup [-- --runs N] [-- --bin PATH]`: how long the CLI takes to start, beside a
// bare `node -e 0` on the same machine. The cases run alternating (one of each, then again), so a
// change in the machine's load falls on all of them alike; the table gives each case's median and
// its ratio to bare node, with the limits of issue 83 (`--version` within 4 times, `verify` of the
// demo board within 6). `--bin` times another executable, such as an installed package's
// node_modules/.bin/tilefall. Prints a markdown table for docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_DIR = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '15' }, bin: { type: 'string', default: `${REPO_DIR}bin/tilefall.mjs` } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write(`startup-bench: --runs must be a whole number of at least 1, got "${values.runs}"\n`);
  process.exit(2);
}

const tilefall = (...args) => [values.bin, ...args];
const CASES = [
  { name: '`node -e 0`', argv: ['-e', '0'] },
  { name: '`tilefall --version`', argv: tilefall('--version'), limit: 4 },
  {
    name: '`tilefall samegame verify` (demo board)',
    argv: tilefall(
      ...['samegame', 'verify', '--board', `${REPO_DIR}datasets/samegame/demo-board.txt`],
      ...['--moves', `${REPO_DIR}datasets/samegame/demo-moves.txt`],
    ),
    limit: 6,
  },
  { name: '`tilefall --help`', argv: tilefall('--help') },
];

/** Milliseconds one run of `argv` takes, start to exit; a failing run stops the bench. */
function timeRun(argv) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, argv, { cwd: REPO_DIR, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) {
    process.stderr.write(`startup-bench: node ${argv.join(' ')} failed (${result.status}):\n${result.stderr}\n`);
    process.exit(1);
  }
  return ms;
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// One run of each first, not counted: it makes a clone's build if a source changed.
for (const c of CASES) timeRun(c.argv);
const times = CASES.map(() => []);
const loadBefore = loadavg()[0];
for (let i = 0; i < runs; i++) {
  for (const [k, c] of CASES.entries()) times[k].push(timeRun(c.argv));
}
const loadAfter = loadavg()[0];

const node = median(times[0]);
/** The executable as the table names it: from the repository's root when it is inside. */
const shown = (bin) => (relative(REPO_DIR, bin).startsWith('..') ? bin : relative(REPO_DIR, bin));
const lines = [
  `Start-up, ${runs} alternating runs each, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ` +
    `load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}; \`${shown(values.bin)}\``,
  '',
  '| command | median ms | × `node -e 0` | limit |',
  '| --- | ---: | ---: | --- |',
  ...CASES.map((c, k) => {
    const ms = median(times[k]);
    const ratio = ms / node;
    const limit = c.limit === undefined ? '' : `≤ ${c.limit}× ${ratio <= c.limit ? 'met' : 'MISSED'}`;
    return `| ${c.name} | ${ms.toFixed(0)} | ${ratio.toFixed(2)} | ${limit} |`;
  }),
];
process.stdout.write(`${lines.join('\n')}\n`);
