import { describe, expect, it } from 'vitest';
import yargs from 'yargs';
import { defineCommand } from '../../lib/cli/command.js';
import { InputFailure } from '../../lib/cli/input-error.js';
import { integerOption, OPTIONS, oneBudget, textOption } from '../../lib/cli/options.js';

const seen: unknown[] = [];
const command = defineCommand({
  name: 'demo',
  describe: 'a command for the specs',
  options: {
    board: textOption({ demandOption: true, describe: 'a file' }),
    count: integerOption(1, 9, { default: '3', describe: 'how many' }),
    time: OPTIONS.time,
    nodes: OPTIONS.nodes,
  },
  checks: [oneBudget],
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
    expect(seen).toEqual([{ board: 'b.txt', count: 3, nodes: 500 }]);
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
});
