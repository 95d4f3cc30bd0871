// `npm run bench:optimizers -- TARGET [--seeds 1,2,3]`: the tuner's optimizers side by side on
// equal budgets of training games (docs/tuning.md, "Which optimizer"). Each target is tuned by
// the GA, the GA with racing, CMA-ES and CMA-ES with racing, at a quarter, half and all of its
// budget, on several seeds, through the real `tune` command. Every run is a line of
// datasets/optimizers/TARGET.jsonl, kept across calls so an interrupted table resumes and the
// published table prints again without running anything; the markdown table is printed at the end.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const words = (text) => text.split(' ');

/** What each target tunes, on which sets, and its full budget of training games. */
const TARGETS = {
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
  // A bot's game costs wall-clock seconds: a small final choice keeps the run's time in its budget.
  'columns-bot': {
    args: [
      ...words('columns tune --solver'),
      'node docs/bots/columns-solver.mjs',
      ...words(
        '--params docs/bots/columns-params.json --train datasets/columns/bots-train.txt --validate datasets/columns/bots-validate.txt --population 8 --final-candidates 3 --final-repeats 1',
      ),
    ],
    budget: 8 * 8 * 6,
  },
  'samegame-bot': {
    args: [
      ...words('samegame tune --bot'),
      'python3 docs/bots/samegame_bot.py',
      ...words(
        '--params docs/bots/samegame-params.json --train datasets/samegame/train.txt --batch 8 --validate datasets/samegame/bots-validate.txt --population 6 --final-candidates 3 --final-repeats 1',
      ),
    ],
    budget: 6 * 8 * 6,
  },
};

const METHODS = {
  ga: ['--optimizer', 'ga'],
  'ga + race': ['--optimizer', 'ga', '--race'],
  cmaes: ['--optimizer', 'cmaes'],
  'cmaes + race': ['--optimizer', 'cmaes', '--race'],
};
const FRACTIONS = [0.25, 0.5, 1];

const [target, ...rest] = process.argv.slice(2);
if (!(target in TARGETS)) {
  console.error(`optimizer-table: name a target: ${Object.keys(TARGETS).join(', ')}`);
  process.exit(2);
}
const seedsAt = rest.indexOf('--seeds');
const seeds = seedsAt < 0 ? [1, 2, 3] : rest[seedsAt + 1].split(',').map(Number);
const { args, budget } = TARGETS[target];
mkdirSync('datasets/optimizers', { recursive: true });
const resultsFile = `datasets/optimizers/${target}.jsonl`;
const done = existsSync(resultsFile)
  ? readFileSync(resultsFile, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : [];
const scratch = join(tmpdir(), `tilefall-optimizers-${process.pid}`);
mkdirSync(scratch, { recursive: true });

for (const [method, methodArgs] of Object.entries(METHODS))
  for (const fraction of FRACTIONS)
    for (const seed of seeds) {
      if (done.some((r) => r.method === method && r.fraction === fraction && r.seed === seed)) continue;
      const games = Math.round(budget * fraction);
      const out = join(scratch, 'out.json');
      const started = Date.now();
      const run = spawnSync(
        process.execPath,
        [
          'bin/tilefall.mjs',
          ...args,
          ...methodArgs,
          '--games',
          String(games),
          '--seed',
          String(seed),
          '--workers',
          '2',
          '--out',
          out,
        ],
        { encoding: 'utf8', maxBuffer: 1 << 26 },
      );
      if (run.status !== 0) {
        console.error(`optimizer-table: ${method} at ${games} games, seed ${seed}: exit ${run.status}\n${run.stderr}`);
        process.exit(1);
      }
      const { report } = JSON.parse(readFileSync(out, 'utf8'));
      const record = {
        method,
        fraction,
        seed,
        budget: games,
        generationGames: report.history.reduce((n, h) => n + h.games, 0),
        generations: report.history.length,
        gain: report.validation.difference.mean,
        gainError: report.validation.difference.standardError,
        seconds: (Date.now() - started) / 1000,
      };
      appendFileSync(resultsFile, `${JSON.stringify(record)}\n`);
      done.push(record);
      console.error(
        `${method} ${games} games seed ${seed}: gain ${record.gain.toFixed(1)} ± ${record.gainError.toFixed(1)} (${record.seconds.toFixed(0)} s)`,
      );
    }
rmSync(scratch, { recursive: true, force: true });

/** Mean and standard error of `values`. */
function estimate(values) {
  const mean = values.reduce((s, g) => s + g, 0) / values.length;
  const variance = values.reduce((s, g) => s + (g - mean) ** 2, 0) / Math.max(1, values.length - 1);
  return { mean, error: Math.sqrt(variance / values.length) };
}

/** The held-out gain of each seed's run of `method` at `fraction` of the budget, in seed order. */
const gains = (method, fraction) =>
  seeds.map((seed) => done.find((r) => r.method === method && r.fraction === fraction && r.seed === seed).gain);

const f = (e) => `${e.mean.toFixed(1)} ± ${e.error.toFixed(1)}`;
const gaFinal = gains('ga', 1);
// Each seed's runs share their held-out seeds, so a difference with the GA is paired by seed.
const againstGa = (method, fraction) => estimate(gains(method, fraction).map((g, i) => g - gaFinal[i]));
const half = Math.round(budget / 2);
console.log(
  `\n${target}: held-out gain over the start, mean ± SE over seeds ${seeds.join(', ')}; budget ${budget} training games\n`,
);
console.log(
  `| optimizer | ${FRACTIONS.map((x) => `${Math.round(budget * x)} games`).join(' | ')} | at ${half} - GA at ${budget} | at ${budget} - GA at ${budget} | games to reach the GA |`,
);
console.log(`| --- | ${FRACTIONS.map(() => '---').join(' | ')} | --- | --- | --- |`);
for (const method of Object.keys(METHODS)) {
  const cells = FRACTIONS.map((x) => estimate(gains(method, x)));
  // Reached: not below the GA's final gain by more than one standard error of the paired difference.
  const reached = FRACTIONS.find((x) => {
    const d = againstGa(method, x);
    return d.mean + d.error >= 0;
  });
  const reach = reached === undefined ? `more than ${budget}` : `${Math.round(budget * reached)}`;
  console.log(
    `| ${method} | ${cells.map(f).join(' | ')} | ${f(againstGa(method, 0.5))} | ${f(againstGa(method, 1))} | ${reach} |`,
  );
}
