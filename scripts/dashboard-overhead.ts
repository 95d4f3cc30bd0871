// What the live view costs a run: `npm run bench:dashboard [-- --rounds R --generations G
// --population P --nodes N --workers W --boards B --poll-ms MS]`. The same `samegame tune` (seeded
// boards, a node budget: both play exactly the same games) runs with and without `--dashboard 0`,
// the order alternating round by round, and the dashboard's run is polled for `state.json` every
// 250 ms as a page would, more often than the page does (`--poll-ms 10` magnifies the cost of
// polling, to see it above a noisy host's). Each run's games a second is its games played over
// its wall time, process start to exit; a round's ratio is taken between two runs that ran one
// right after the other (the shared host's speed drifts), and the median of the rounds is
// reported. The tuned weights of both must be the same: the view must not change the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { REPO_DIR } from './repo.js';

const Args = z.object({
  rounds: z.coerce.number().int().positive().default(5),
  generations: z.coerce.number().int().positive().default(8),
  population: z.coerce.number().int().min(2).default(16),
  nodes: z.coerce.number().int().positive().default(20_000),
  workers: z.coerce.number().int().nonnegative().default(2),
  boards: z.coerce.number().int().positive().default(8),
  'poll-ms': z.coerce.number().int().positive().default(250),
});

function parseArgs(argv: readonly string[]): z.infer<typeof Args> {
  const raw: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) raw[argv[i].replace(/^--/, '')] = argv[i + 1];
  const parsed = Args.strict().safeParse(raw);
  if (!parsed.success) {
    process.stderr.write(
      `dashboard-overhead: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}\n`,
    );
    process.exit(2);
  }
  return parsed.data;
}

const BIN = join(REPO_DIR, 'bin', 'tilefall.mjs');

/** Runs `tilefall ARGS` to its end; with `poll`, polls the state.json of the URL it prints. */
function run(args: readonly string[], pollMs?: number): Promise<{ seconds: number; polls: number }> {
  return new Promise((resolve, reject) => {
    const began = process.hrtime.bigint();
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_DIR, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let polls = 0;
    let timer: NodeJS.Timeout | undefined;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = stderr.match(/live view of the run at (http:\/\/\S+\/)/)?.[1];
      if (pollMs !== undefined && url !== undefined && timer === undefined)
        timer = setInterval(() => {
          fetch(`${url}state.json`)
            .then((r) => r.text())
            .then(() => polls++)
            .catch(() => undefined);
        }, pollMs);
    });
    child.on('close', (status) => {
      clearInterval(timer);
      const seconds = Number(process.hrtime.bigint() - began) / 1e9;
      if (status === 0) resolve({ seconds, polls });
      else reject(new Error(`tilefall ${args.join(' ')} exited ${status}: ${stderr}`));
    });
  });
}

/** The games a run played and its tuned weights, from its --out report. */
function outcome(file: string): { games: number; weights: string } {
  const out = JSON.parse(readFileSync(file, 'utf8'));
  return { games: out.report.games.played, weights: JSON.stringify(out.weights) };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'tilefall-dashboard-bench-'));
  try {
    const generate = (file: string, seed: number) =>
      run(['samegame', 'generate', '--count', String(args.boards), '--seed', String(seed), '--out', file]);
    await generate(join(dir, 'train.txt'), 11);
    await generate(join(dir, 'validate.txt'), 12);
    const tuneArgs = (out: string, extra: string[]) => [
      'samegame',
      'tune',
      '--train',
      join(dir, 'train.txt'),
      '--validate',
      join(dir, 'validate.txt'),
      '--population',
      String(args.population),
      '--generations',
      String(args.generations),
      '--nodes',
      String(args.nodes),
      '--workers',
      String(args.workers),
      '--out',
      out,
      ...extra,
    ];
    const ratios: number[] = [];
    const rates = { without: [] as number[], with: [] as number[] };
    process.stdout.write('round  without (games/s)  with (games/s)  polls  with/without\n');
    for (let round = 0; round < args.rounds; round++) {
      const measured: Record<'without' | 'with', number> = { without: 0, with: 0 };
      let polls = 0;
      const weights: string[] = [];
      // Alternate the order, so a host getting faster or slower favors neither side.
      const order: ('without' | 'with')[] = round % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
      for (const side of order) {
        const out = join(dir, `${side}.json`);
        const timed = await run(
          tuneArgs(out, side === 'with' ? ['--dashboard', '0'] : []),
          side === 'with' ? args['poll-ms'] : undefined,
        );
        const { games, weights: tuned } = outcome(out);
        measured[side] = games / timed.seconds;
        weights.push(tuned);
        if (side === 'with') polls = timed.polls;
      }
      if (weights[0] !== weights[1]) throw new Error(`round ${round + 1}: the live view changed the tuned weights`);
      const ratio = measured.with / measured.without;
      ratios.push(ratio);
      rates.without.push(measured.without);
      rates.with.push(measured.with);
      process.stdout.write(
        `${String(round + 1).padStart(5)}  ${measured.without.toFixed(2).padStart(17)}  ${measured.with.toFixed(2).padStart(14)}  ${String(polls).padStart(5)}  ${ratio.toFixed(4).padStart(12)}\n`,
      );
    }
    process.stdout.write(
      `median: without ${median(rates.without).toFixed(2)} games/s, with ${median(rates.with).toFixed(2)} games/s, ratio ${median(ratios).toFixed(4)} (the view costs ${((1 - median(ratios)) * 100).toFixed(2)} % of the games a second; below 0, less than the noise)\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
