/**
 * `tilefall <game> tune`: the genetic tuner on any game's weights. Parsing and printing only;
 * the work is `tune()` in tuner/.
 */
import type { Argv } from 'yargs';
import { z } from 'zod';
import { defaultGaSettings } from '../../tuner/ga.js';
import type { TuningGame } from '../../tuner/game.js';
import { fitnessPlotSvg } from '../../tuner/plot.js';
import { createTaskRunner, defaultWorkers } from '../../tuner/pool.js';
import { createProgress } from '../../tuner/progress.js';
import { DEFAULT_FINAL_CHOICE, tune } from '../../tuner/tune.js';
import type { CliCommand } from './command.js';
import { EXIT, InputFailure } from './input-error.js';
import { integerOption, parseOptions } from './options.js';
import { readInputText, readWeightsFile } from './read-input.js';
import { writeTextOutput } from './write-output.js';

const optionsSchema = z
  .object({
    train: z.string().min(1),
    validate: z.string().min(1),
    population: integerOption(2, 10_000),
    generations: integerOption(1, 100_000),
    nodes: integerOption(1, 1_000_000_000),
    seed: integerOption(-(2 ** 31), 2 ** 31 - 1),
    workers: integerOption(0, 256),
    out: z.string().min(1),
    checkpoint: z.string().min(1).optional(),
    resume: z.boolean(),
    plot: z.string().min(1).optional(),
    start: z.string().min(1).optional(),
    'final-candidates': integerOption(1, 1000),
    'final-repeats': integerOption(1, 1000),
  })
  .refine((o) => !o.resume || o.checkpoint !== undefined, {
    message: '--resume needs --checkpoint FILE',
    path: ['resume'],
  });

/** Reads a dataset file into instances, failing with the file and line. */
function readInstances(game: TuningGame, file: string): string[] {
  const split = game.splitInstances(readInputText(file));
  if (!split.ok) throw new InputFailure({ file, line: split.error.line, message: split.error.message });
  return split.value;
}

export function tuneCommand(game: TuningGame, gameModule: string): CliCommand {
  return {
    command: 'tune',
    describe: 'evolve the evaluation weights with a genetic algorithm',
    builder: (y: Argv): Argv =>
      y
        .option('train', {
          type: 'string',
          demandOption: true,
          describe: 'training instances (never the standard benchmark)',
        })
        .option('validate', {
          type: 'string',
          demandOption: true,
          describe: 'held-out instances for the final comparison',
        })
        .option('population', { type: 'string', default: '16' })
        .option('generations', { type: 'string', default: '10' })
        .option('nodes', {
          type: 'string',
          default: '20000',
          describe: 'node budget per solve (fitness is deterministic)',
        })
        .option('seed', { type: 'string', default: '1' })
        .option('workers', {
          type: 'string',
          default: String(defaultWorkers()),
          describe: 'worker threads (0 = this thread)',
        })
        .option('out', {
          type: 'string',
          demandOption: true,
          describe: 'tuned weights and the report, JSON (written atomically)',
        })
        .option('checkpoint', { type: 'string', describe: 'state after every generation (written atomically)' })
        .option('resume', { type: 'boolean', default: false, describe: 'continue from --checkpoint' })
        .option('plot', { type: 'string', describe: 'best and mean fitness per generation, SVG' })
        .option('start', {
          type: 'string',
          describe: 'weights JSON to start from and compare against (default: the shipped defaults)',
        })
        .option('final-candidates', {
          type: 'string',
          default: String(DEFAULT_FINAL_CHOICE.candidates),
          describe: 'genomes re-measured for the final choice (the start among them)',
        })
        .option('final-repeats', {
          type: 'string',
          default: String(DEFAULT_FINAL_CHOICE.repeats),
          describe: 'fresh seed sets each finalist is measured on',
        })
        .example(
          `$0 ${game.name} tune --train datasets/${game.name}/train.txt --validate datasets/${game.name}/validate.txt --out weights.json --checkpoint tune.ckpt`,
          'tune, resumable',
        ),
    handler: async (argv: Record<string, unknown>): Promise<number> => {
      const options = parseOptions(optionsSchema, argv);
      const train = readInstances(game, options.train);
      const validate = readInstances(game, options.validate);
      const start = options.start === undefined ? undefined : readWeightsFile(options.start, game.spec.names);
      const settings = defaultGaSettings(options.population, options.generations, options.seed);
      const runner = createTaskRunner(options.workers);
      try {
        const result = await tune({
          game,
          gameModule,
          train,
          validate,
          settings,
          nodes: options.nodes,
          runner,
          start,
          checkpoint:
            options.checkpoint === undefined ? undefined : { file: options.checkpoint, resume: options.resume },
          progress: createProgress(process.stderr, settings.generations),
          finalChoice: { candidates: options['final-candidates'], repeats: options['final-repeats'] },
        });
        if (!result.ok) throw new InputFailure(result.error);
        const { weights, validation, history, finalists } = result.value;
        const report = {
          game: game.name,
          settings: { ...settings, nodes: options.nodes },
          train: { file: options.train, instances: train.length },
          validate: { file: options.validate, instances: validate.length },
          finalists,
          validation,
          history,
        };
        writeTextOutput(`${JSON.stringify({ weights, report }, null, 2)}\n`, options.out);
        if (options.plot !== undefined) {
          const svg = await fitnessPlotSvg(history, `${game.name} tuning: fitness per generation`);
          writeTextOutput(svg, options.plot);
        }
        const f = (e: { mean: number; standardError: number }) =>
          `${e.mean.toFixed(1)} ± ${e.standardError.toFixed(1)}`;
        process.stdout.write(
          [
            `tuned weights written to ${options.out} (${finalists[0].origin}: training mean ${finalists[0].mean.toFixed(1)} on fresh seeds; the start scored ${finalists.find((c) => c.origin === 'start')?.mean.toFixed(1)})`,
            `validation on ${validation.instances} instances at ${options.nodes} nodes:`,
            `  tuned    ${f(validation.tuned)}`,
            `  start    ${f(validation.start)}`,
            `  paired difference (tuned - start) ${f(validation.difference)}  (${(validation.difference.mean / (validation.difference.standardError || Infinity)).toFixed(1)} standard errors)`,
            '',
          ].join('\n'),
        );
        return EXIT.ok;
      } finally {
        await runner.close();
      }
    },
  };
}
