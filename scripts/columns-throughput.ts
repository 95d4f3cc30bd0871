// The Columns search's throughput against an earlier version's, side by side in one process:
// `npm run bench:columns-speed [-- --baseline REF --nodes-per-column N --instances 1-8 --repeat R]`.
// Both solvers are bundled with esbuild (the baseline from `git archive REF lib`), each instance is
// solved by both at the same node budget, one right after the other and the order alternating,
// and their CPU times are compared. A node budget makes the work the same: the two must play the
// same placements for the same score, and a row says so when they do not (then the speeds do not
// compare). The shared host's speed drifts by tens of percent within a minute, so each round's
// ratio is taken between two solves that ran one right after the other, and a row reports the
// median of its rounds; `--columns N` cuts every instance to its first N columns for short
// solves. The default baseline is the last commit of 0.4.0.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { z } from 'zod';
import { parseInstances } from '../lib/columns/engine/text.js';
import { REPO_DIR } from './repo.js';

/** 0.4.0's last commit (before the 0.5.0 layout moved the Columns files). */
const BASELINE_0_4_0 = 'ad27a69a1abe5783794276b5a2616a4529ae0ab9';

const Args = z.object({
  baseline: z.string().default(BASELINE_0_4_0),
  /** The bench's 3.5 s solves of 0.4.0 ran 300 to 500 nodes a column. */
  nodesPerColumn: z.coerce.number().int().positive().default(400),
  instances: z.string().default('0-30'),
  repeat: z.coerce.number().int().positive().default(3),
  columns: z.coerce.number().int().positive().optional(),
  dataset: z.string().default('datasets/columns/bench.txt'),
});

type Placement = { position: number; shifts: number };
/** The solution's shape in every version (0.4.0 named the moves `placements`). */
interface Solved {
  readonly score: number;
  readonly nodes: number;
  readonly moves?: readonly Placement[];
  readonly placements?: readonly Placement[];
}
type Solve = (
  instance: unknown,
  options: { budget: { nodes: number }; recheck: boolean; diversity?: { share: number } },
) => { value: Solved };

function parseArgs(argv: readonly string[]): z.infer<typeof Args> {
  const raw: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    raw[key] = argv[i + 1];
  }
  const parsed = Args.strict().safeParse(raw);
  if (!parsed.success) {
    process.stderr.write(
      `columns-throughput: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}\n`,
    );
    process.exit(2);
  }
  return parsed.data;
}

/**
 * Bundles the Columns solver under `root` into one ES module and loads its `solve`: the search's
 * switches go to `solveWith` where the tree has it (older trees took them in `solve`'s options).
 */
async function loadSolve(root: string, out: string): Promise<Solve> {
  await build({
    entryPoints: [join(root, 'lib/columns/search/solver.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'warning',
    // The baseline's tree has no node_modules: its packages come from this checkout's.
    nodePaths: [join(REPO_DIR, 'node_modules')],
  });
  const solver = await import(pathToFileURL(out).href);
  if (typeof solver.solveWith !== 'function') return solver.solve as Solve;
  return (instance, options) => solver.solveWith(instance, { budget: options.budget }, options);
}

/** Instance numbers from `a-b,c` (0-based, the dataset's order). */
function instanceList(spec: string): number[] {
  return spec.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

// A collection before each timed solve, so neither pays for the other's garbage.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function median(values: readonly number[]): number {
  const sorted = [...values].sort((p, q) => p - q);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function cpuMs(run: () => void): number {
  collectGarbage();
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const work = mkdtempSync(join(tmpdir(), 'tilefall-throughput-'));
  try {
    execFileSync('sh', ['-c', `git -C "${REPO_DIR}" archive "${args.baseline}" lib | tar -x -C "${work}"`]);
    const before = await loadSolve(work, join(work, 'baseline.mjs'));
    const after = await loadSolve(REPO_DIR, join(work, 'current.mjs'));
    const all = parseInstances(readFileSync(join(REPO_DIR, args.dataset), 'utf8'));
    if (!all.ok) throw new Error(`${args.dataset}: ${all.error.message}`);
    // Both warmed up the same way first, so the JIT's early work falls outside the timings.
    for (const warm of [before, after]) warm(all.value[0], { budget: { nodes: 200_000 }, recheck: false });
    say(`baseline ${args.baseline.slice(0, 12)}, ${args.nodesPerColumn} nodes a column, CPU ms`);
    say('| # | field | k | nodes | baseline ms | current ms | speed-up (median) | same play |');
    say('|---:|---|---:|---:|---:|---:|---:|---|');
    let baseMs = 0;
    let currentMs = 0;
    let nodes = 0;
    const ratios: number[] = [];
    for (const n of instanceList(args.instances)) {
      const whole = all.value[n];
      if (whole === undefined) continue;
      const instance = { ...whole, pieces: whole.pieces.slice(0, args.columns ?? whole.pieces.length) };
      // Without the next level's cap per parent (newer searches only; older ones ignore the
      // option), so that both play the same placements: the bench compares speed at equal work.
      const options = {
        budget: { nodes: args.nodesPerColumn * instance.pieces.length },
        recheck: false,
        diversity: { share: 1 },
      };
      let b = 0;
      let c = 0;
      let same = true;
      const rounds: number[] = [];
      for (let r = 0; r < args.repeat; r++) {
        const [b0, c0] = [b, c];
        let x: ReturnType<Solve> | undefined;
        let y: ReturnType<Solve> | undefined;
        const first = (n + r) % 2 === 0;
        const runBefore = () => {
          b += cpuMs(() => {
            x = before(instance, options);
          });
        };
        const runAfter = () => {
          c += cpuMs(() => {
            y = after(instance, options);
          });
        };
        for (const run of first ? [runBefore, runAfter] : [runAfter, runBefore]) run();
        same &&=
          x !== undefined &&
          y !== undefined &&
          x.value.score === y.value.score &&
          x.value.nodes === y.value.nodes &&
          JSON.stringify(x.value.moves ?? x.value.placements) === JSON.stringify(y.value.moves ?? y.value.placements);
        nodes += x?.value.nodes ?? 0;
        rounds.push((b - b0) / (c - c0));
      }
      baseMs += b;
      currentMs += c;
      const ratio = median(rounds);
      ratios.push(ratio);
      say(
        `| ${n} | ${instance.width}x${instance.height} | ${instance.pieces.length} | ${options.budget.nodes} | ${b.toFixed(0)} | ${c.toFixed(0)} | ${ratio.toFixed(2)} | ${same ? 'yes' : 'NO'} |`,
      );
    }
    const geometric = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
    say(
      `\nnodes a second: baseline ${((1000 * nodes) / baseMs).toFixed(0)}, current ${((1000 * nodes) / currentMs).toFixed(0)} ` +
        `(${(baseMs / currentMs).toFixed(2)} times); speed-up an instance (median of its rounds): ` +
        `geometric mean ${geometric.toFixed(2)}, median ${median(ratios).toFixed(2)}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
