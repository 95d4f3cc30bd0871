/**
 * `tilefall columns judge`: runs a user's program on one instance or a dataset, as a contest judge
 * does (a fresh process each, the input on stdin, a time limit that counts start-up), and scores
 * each output.
 */
import { availableParallelism } from 'node:os';
import type { Instance } from '../../columns/engine/instance.js';
import { parseInstances } from '../../columns/engine/text.js';
import { escapeControlCharacters, terminalJson } from '../../core/control-characters.js';
import { COLUMNS_MEMORY_MB, judgeColumnsProgram, type ProgramReport } from '../../judge/columns.js';
import { splitCommandLine } from '../../judge/command-line.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { judgeEach } from '../judge-each.js';
import { integerOption, OPTIONS, renamedFrom, textOption } from '../options.js';
import { readInputText, readInstanceFile } from '../read-input.js';
import { refuseUnstartable } from '../refuse-unstartable.js';
import { tableRow } from '../table-row.js';

/** True when a run failed: an invalid output, a timeout, a crash or over the memory limit. */
const failed = (report: ProgramReport): boolean => report.end !== 'scored';

export const judgeCommand = defineCommand({
  name: 'judge',
  describe: 'run your program on instances as the contest judge does, and score every output',
  options: {
    bot: renamedFrom(
      textOption({
        demandOption: true,
        describe: 'the command that runs your program, e.g. "./solve" (no shell; --solver is its former name)',
      }),
      'solver',
    ),
    input: textOption({ describe: 'one instance file' }),
    dataset: textOption({ describe: 'instances separated by "---" lines (e.g. datasets/columns/bench.txt)' }),
    'time-ms': integerOption(1, 600_000, {
      default: '4000',
      describe: 'time per instance from the process start (contest: 4 s)',
    }),
    'memory-mb': integerOption(1, 1_000_000, {
      default: String(COLUMNS_MEMORY_MB),
      describe:
        'memory the program and every process it started may hold together, MB of 2^20 bytes (contest: 1024 MiB)',
    }),
    jobs: integerOption(1, 64, { default: '1', describe: 'instances run at once' }),
    json: OPTIONS.json,
  },
  checks: [
    {
      option: 'input',
      message: 'give --input FILE or --dataset FILE, one of them',
      fails: (o) => (o.input === undefined) === (o.dataset === undefined),
    },
  ],
  examples: [
    ['$0 columns judge --bot "node dist/columns/solve.cjs" --dataset datasets/columns/bench.txt', 'the bench set'],
  ],
  run: async (options) => {
    const argv = splitCommandLine(options.bot);
    if (!argv.ok) throw new InputFailure({ message: `option --bot: ${argv.error.message}` });
    const instances = readInstances(options.input, options.dataset);
    if (options.jobs > availableParallelism()) {
      process.stderr.write(
        `tilefall: warning: --jobs ${options.jobs} is more than this machine's ${availableParallelism()} cores: runs compete for time\n`,
      );
    }
    // After the options and inputs are read, so that a bad one is named first, as without a program.
    refuseUnstartable('bot', argv.value);
    const program = { option: 'bot', argv: argv.value };
    const reports = await judgeEach(instances, options.jobs, program, (instance) =>
      judgeColumnsProgram(argv.value, instance, options['time-ms'], {}, { memoryMb: options['memory-mb'] }),
    );
    const total = reports.reduce((s, r) => s + r.score, 0);
    const failures = reports.filter(failed).length;
    if (options.json) {
      const rows = reports.map(({ verdict, ...report }, i) => ({
        instance: i + 1,
        ...report,
        ...(verdict && !verdict.valid ? { error: verdict.error } : {}),
        ...(verdict?.valid ? { gameOverAt: verdict.gameOverAt } : {}),
      }));
      process.stdout.write(`${terminalJson({ instances: rows, total, failures })}\n`);
    } else {
      const widths = [4, 7, 6, 10, 8, 8, 8];
      const row = (values: readonly (string | number)[]) => tableRow(widths, values);
      const lines = [`${row(['#', 'field', 'k', 'score', 'end', 'seconds', 'peak MB'])}  note`];
      reports.forEach((r, i) => {
        const instance = instances[i];
        const why =
          r.end === 'invalid' && r.verdict && !r.verdict.valid
            ? `line ${r.verdict.error.line}: ${escapeControlCharacters(r.verdict.error.message)}`
            : r.end === 'crash'
              ? `${r.signal ? `signal ${r.signal}` : `exit code ${r.exitCode}`}${r.stderr.length > 0 ? `: ${escapeControlCharacters(r.stderr[r.stderr.length - 1])}` : ''}`
              : r.end === 'timeout'
                ? `killed at ${options['time-ms']} ms`
                : r.end === 'memory'
                  ? `killed over the memory limit of ${options['memory-mb']} MB`
                  : '';
        const peak = r.peakMemoryMb === null ? '-' : r.peakMemoryMb.toFixed(1);
        lines.push(
          `${row([i + 1, `${instance.width}x${instance.height}`, instance.pieces.length, r.score, r.end, r.seconds.toFixed(2), peak])}  ${why}`,
        );
      });
      lines.push(
        `total ${total} over ${reports.length} instances; ${failures} invalid, timed out, crashed or over the memory limit`,
        '',
      );
      process.stdout.write(lines.join('\n'));
    }
    return failures > 0 ? EXIT.verdictError : EXIT.ok;
  },
});

function readInstances(input: string | undefined, dataset: string | undefined): Instance[] {
  if (input !== undefined) return [readInstanceFile(input)];
  const file = dataset as string;
  const parsed = parseInstances(readInputText(file));
  if (!parsed.ok) {
    const line = 'line' in parsed.error ? parsed.error.line : 0;
    throw new InputFailure({ file, line, message: parsed.error.message });
  }
  return parsed.value;
}
