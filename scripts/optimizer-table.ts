// `npm run bench:optimizers -- TARGET [--seeds 1,2,3]`: the tuner's optimizers side by side on
// equal budgets of training games (docs/tuning.md, "Which optimizer"). Each target is tuned by
// the GA and CMA-ES, each with and without racing, at a quarter, half and all of its budget, on
// several seeds, through the real `tune` command. Every run is a line of
// datasets/optimizers/TARGET.jsonl, kept across calls so an interrupted table resumes and the
// published table prints again without running anything; the markdown table is printed at the end.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Estimate, estimate, pairedDifference } from '../lib/core/statistics.js';

const words = (text: string) => text.split(' ');
const printLine = (text: string) => process.stdout.write(`${text}\n`);

/** A program's tuning: its command is one argument; a small final choice keeps a wall-clock run's time in its budget. */
const programTuning = (game: string, option: string, command: string, files: string) => [
  ...words(`${game} tune ${option}`),
  command,
  ...words(`${files} --final-candidates 3 --final-repeats 1`),
];

/** What each target tunes, on which sets, and its full budget of training games. */
const TARGETS: Record<string, { args: string[]; budget: number }> = {
  'samegame-weights': {
    args: words(
      'samegame tune --train datasets/samegame/train.txt --validate datasets/samegame/validate.txt --population 16 --nodes 5000',
    ),
    budget: 16 * 48 * 8,
  },
  'columns-weights': {
    args: words(
      'columns tune --train datasets/columns/train.txt --validate datasets/columns/validate.txt --population 12 --nodes 50000',
    ),
    budget: 12 * 12 * 8,
  },
  'columns-bot': {
    args: programTuning(
      'columns',
      '--bot',
      'node docs/bots/columns-solver.mjs',
      '--params docs/bots/columns-params.json --train datasets/columns/bots-train.txt --validate datasets/columns/bots-validate.txt --population 8',
    ),
    budget: 8 * 8 * 6,
  },
  'samegame-bot': {
    args: programTuning(
      'samegame',
      '--bot',
      'python3 docs/bots/samegame_bot.py',
      '--params docs/bots/samegame-params.json --train datasets/samegame/train.txt --batch 8 --validate datasets/samegame/bots-validate.txt --population 6',
    ),
    budget: 6 * 8 * 6,
  },
};

// Racing is the default: the unraced rows say --no-race.
const METHODS: Record<string, string[]> = {
  ga: ['--optimizer', 'ga', '--no-race'],
  'ga + race': ['--optimizer', 'ga', '--race'],
  cmaes: ['--optimizer', 'cmaes', '--no-race'],
  'cmaes + race': ['--optimizer', 'cmaes', '--race'],
};
const FRACTIONS = [0.25, 0.5, 1];

/** One tuning run of the table. */
interface Run {
  readonly method: string;
  readonly fraction: number;
  readonly seed: number;
  readonly budget: number;
  readonly generationGames: number;
  readonly generations: number;
  readonly gain: number;
  readonly gainError: number;
  readonly seconds: number;
}

/** Tunes `target` with `method` on `fraction` of its budget and `seed`; exits on a failed run. */
function tuneOnce(target: string, method: string, fraction: number, seed: number): Run {
  const { args, budget } = TARGETS[target];
  const games = Math.round(budget * fraction);
  const scratch = mkdtempSync(join(tmpdir(), 'tilefall-optimizers-'));
  const out = join(scratch, 'out.json');
  const started = Date.now();
  const runArgs = [...args, ...METHODS[method], '--games', String(games), '--seed', String(seed), '--workers', '2'];
  const run = spawnSync(process.execPath, ['bin/tilefall.mjs', ...runArgs, '--out', out], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) {
    console.error(`optimizer-table: ${method} at ${games} games, seed ${seed}: exit ${run.status}\n${run.stderr}`);
    process.exit(1);
  }
  const { report } = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(scratch, { recursive: true, force: true });
  return {
    method,
    fraction,
    seed,
    budget: games,
    generationGames: report.history.reduce((n: number, h: { games: number }) => n + h.games, 0),
    generations: report.history.length,
    gain: report.validation.difference.mean,
    gainError: report.validation.difference.standardError,
    seconds: (Date.now() - started) / 1000,
  };
}

/** The table: gains at each budget, the paired differences with the GA's full budget, and the games to reach it. */
function printTable(target: string, seeds: readonly number[], done: readonly Run[]): void {
  const { budget } = TARGETS[target];
  const gains = (method: string, fraction: number) =>
    seeds.map((seed) => {
      const run = done.find((r) => r.method === method && r.fraction === fraction && r.seed === seed);
      if (run === undefined) throw new Error(`no run of ${method} at ${fraction} for seed ${seed}`);
      return run.gain;
    });
  const f = (e: Estimate) => `${e.mean.toFixed(1)} ± ${e.standardError.toFixed(1)}`;
  // Each seed's runs share their held-out seeds, so a difference with the GA is paired by seed.
  const againstGa = (method: string, fraction: number) => pairedDifference(gains(method, fraction), gains('ga', 1));
  const half = Math.round(budget / 2);
  printLine(
    `\n${target}: held-out gain over the start, mean ± SE over seeds ${seeds.join(', ')}; budget ${budget} training games\n`,
  );
  const budgets = FRACTIONS.map((x) => `${Math.round(budget * x)} games`).join(' | ');
  printLine(
    `| optimizer | ${budgets} | at ${half} - GA at ${budget} | at ${budget} - GA at ${budget} | games to reach the GA |`,
  );
  printLine(`| --- | ${FRACTIONS.map(() => '---').join(' | ')} | --- | --- | --- |`);
  for (const method of Object.keys(METHODS)) {
    // Reached: not below the GA's final gain by more than one standard error of the paired difference.
    const reached = FRACTIONS.find((x) => {
      const d = againstGa(method, x);
      return d.mean + d.standardError >= 0;
    });
    const reach = reached === undefined ? `more than ${budget}` : `${Math.round(budget * reached)}`;
    const cells = FRACTIONS.map((x) => f(estimate(gains(method, x))));
    printLine(
      `| ${method} | ${cells.join(' | ')} | ${f(againstGa(method, 0.5))} | ${f(againstGa(method, 1))} | ${reach} |`,
    );
  }
}

const [target, ...rest] = process.argv.slice(2);
if (!(target in TARGETS)) {
  console.error(`optimizer-table: name a target: ${Object.keys(TARGETS).join(', ')}`);
  process.exit(2);
}
const seedsAt = rest.indexOf('--seeds');
const seeds = seedsAt < 0 ? [1, 2, 3] : rest[seedsAt + 1].split(',').map(Number);
mkdirSync('datasets/optimizers', { recursive: true });
const resultsFile = `datasets/optimizers/${target}.jsonl`;
const done: Run[] = existsSync(resultsFile)
  ? readFileSync(resultsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
for (const method of Object.keys(METHODS))
  for (const fraction of FRACTIONS)
    for (const seed of seeds) {
      if (done.some((r) => r.method === method && r.fraction === fraction && r.seed === seed)) continue;
      const run = tuneOnce(target, method, fraction, seed);
      appendFileSync(resultsFile, `${JSON.stringify(run)}\n`);
      done.push(run);
      console.error(
        `${method} ${run.budget} games seed ${seed}: gain ${run.gain.toFixed(1)} ± ${run.gainError.toFixed(1)} (${run.seconds.toFixed(0)} s)`,
      );
    }
printTable(target, seeds, done);
