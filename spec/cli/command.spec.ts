import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import yargs from 'yargs';
import { defineCommand } from '../../lib/cli/command.js';
import { InputFailure } from '../../lib/cli/input-error.js';
import { flagOption, integerOption, OPTIONS, oneBudget, secretTextOption, textOption } from '../../lib/cli/options.js';

const seen: unknown[] = [];
const givenSeen: string[][] = [];
const command = defineCommand({
  name: 'demo',
  describe: 'a command for the specs',
  options: {
    board: textOption({ demandOption: true, describe: 'a file' }),
    count: integerOption(1, 9, { default: '3', describe: 'how many' }),
    time: OPTIONS.time,
    nodes: OPTIONS.nodes,
    loud: flagOption('a flag', true),
    url: secretTextOption((text) => (text.startsWith('x://') ? undefined : 'expected x://…'), { describe: 'a URL' }),
  },
  checks: [
    oneBudget,
    {
      option: 'count',
      message: 'goes with --url',
      fails: (o, given) => {
        givenSeen.push([...given].sort());
        return given.has('count') && o.url === undefined;
      },
    },
  ],
  run: (options) => {
    seen.push(options);
    return 0;
  },
});

/** Runs the command on `args` through yargs, as the CLI does; returns the failure's message, if any. */
async function run(args: string[]): Promise<string | undefined> {
  try {
    await yargs(args)
      .command(command.command, command.describe, command.builder, async (argv) => {
        await command.handler(argv as Record<string, unknown>);
      })
      .fail((message, error) => {
        throw error ?? new InputFailure({ message });
      })
      .parseAsync();
    return undefined;
  } catch (error) {
    if (error instanceof InputFailure) return error.input.message;
    throw error;
  }
}

describe('defineCommand', () => {
  it('should hand the run typed values, defaults included', async () => {
    seen.length = 0;
    expect(await run(['demo', '--board', 'b.txt', '--nodes', '500'])).toBeUndefined();
    expect(seen).toEqual([{ board: 'b.txt', count: 3, nodes: 500, loud: true }]);
  });

  it('should name the option and quote the value it refuses', async () => {
    expect(await run(['demo', '--board', 'b.txt', '--count', '12'])).toBe(
      'option --count: expected an integer from 1 to 9, got "12"',
    );
    expect(await run(['demo', '--board', 'b.txt', '--time', 'soon'])).toMatch(
      /^option --time: expected a positive number/,
    );
  });

  it('should apply the checks across options', async () => {
    expect(await run(['demo', '--board', 'b.txt', '--time', '1', '--nodes', '5'])).toBe(
      'option --nodes: give --time or --nodes, not both',
    );
  });

  it('should ask for a demanded option', async () => {
    expect(await run(['demo'])).toMatch(/board/);
  });

  it('should tell a check which options were given, its defaults applied but not counted as given', async () => {
    seen.length = 0;
    givenSeen.length = 0;
    expect(await run(['demo', '--board', 'b.txt', '--no-loud'])).toBeUndefined();
    expect(seen).toEqual([{ board: 'b.txt', count: 3, loud: false }]);
    expect(givenSeen).toEqual([['board', 'loud']]);
    expect(await run(['demo', '--board', 'b.txt', '--count', '3'])).toBe('option --count: goes with --url');
    expect(await run(['demo', '--board', 'b.txt', '--count', '3', '--url', 'x://u:pw@h'])).toBeUndefined();
  });

  it('should still show each default in --help', async () => {
    const help = await command.builder(yargs([]).wrap(200)).getHelp();
    expect(help).toMatch(/--count\s+how many\s+\[string\] \[default: "3"\]/);
    expect(help).toMatch(/--loud\s+a flag\s+\[boolean\] \[default: true\]/);
  });

  it('should refuse an option given twice without quoting either value', async () => {
    fc.assert(
      fc.asyncProperty(
        fc.constantFrom('board', 'count', 'url', 'time'),
        fc.array(fc.string({ minLength: 4, unit: 'grapheme-ascii' }), { minLength: 2, maxLength: 3 }),
        async (option, values) => {
          fc.pre(values.every((value) => !value.startsWith('-')));
          const repeated = values.flatMap((value) => [`--${option}`, value]);
          const message = await run(['demo', ...(option === 'board' ? [] : ['--board', 'b.txt']), ...repeated]);
          expect(message).toBe(`option --${option} given more than once: give it once`);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("should never quote a secret option's value", async () => {
    expect(await run(['demo', '--board', 'b.txt', '--url', 'y://user:s3cret@host'])).toBe(
      'option --url: expected x://…',
    );
    expect(await run(['demo', '--board', 'b.txt', '--url', ''])).toBe('option --url: expected a non-empty value');
  });
});
