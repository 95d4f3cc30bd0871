import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Board } from '../../../lib/samegame/engine/board.js';
import { legalMoves, play } from '../../../lib/samegame/engine/rules.js';
import { formatBoard, parseBoards } from '../../../lib/samegame/engine/text.js';
import { runCli } from '../../support/cli.js';
import { runInProcess } from '../../support/cli-in-process.js';
import { readRepoFile, repoPath } from '../../support/repo.js';
import { scratchDirectory } from '../../support/scratch.js';

const verdictJsonSchema = z
  .object({
    score: z.number().int().nonnegative(),
    moves: z.number().int().nonnegative(),
    warnings: z.number().int().nonnegative(),
    terminal: z.boolean(),
    cleared: z.boolean(),
    end: z.enum(['terminal', 'exhausted', 'action-limit', 'error']),
    error: z
      .object({
        action: z.number().int().positive(),
        code: z.enum(['format', 'out-of-bounds', 'empty-cell', 'single-cell', 'empty-action']),
        message: z.string().min(1),
      })
      .strict()
      .optional(),
    board: z.array(z.string().regex(/^-?\d+( -?\d+){14}$/)).length(15),
  })
  .strict()
  .refine((v) => (v.end === 'error') === (v.error !== undefined), 'error is present exactly when end is "error"');

const tmp = scratchDirectory('tilefall-verify-');
const file = (name: string, text: string): string => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};

afterEach(() => vi.restoreAllMocks());

const standard = parseBoards(readRepoFile('datasets/samegame/standard20.txt'), { width: 15, height: 15, colors: 5 });
if (!standard.ok) throw new Error(standard.error.message);

/** A random legal game of up to `length` moves from `board`, as action lines. */
function randomGame(board: Board, picks: readonly number[]): string[] {
  const actions: string[] = [];
  let current = board;
  for (const pick of picks) {
    const moves = legalMoves(current);
    if (moves.length === 0) break;
    const m = moves[pick % moves.length];
    actions.push(`${m.x} ${m.y}`);
    const next = play(current, m);
    if (!next.ok) throw new Error(next.error.message);
    current = next.value.board;
  }
  return actions;
}

describe('tilefall samegame verify', () => {
  it('should print the JSON contract on all 20 standard boards, under both protocols', async () => {
    const boards = standard.value;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: 1, maxLength: 120 }),
        fc.option(fc.constantFrom('99 99', 'x', '0 14', ''), { nil: undefined }),
        async (picks, tail) => {
          for (const [i, board] of boards.entries()) {
            const actions = randomGame(board, picks);
            if (tail !== undefined) actions.push(tail);
            const boardFile = file(`b${i}.txt`, `${formatBoard(board)}\n`);
            for (const protocol of ['multi-turn', 'one-turn'] as const) {
              const movesFile = file(
                `m${i}-${protocol}.txt`,
                protocol === 'one-turn' ? actions.join(';') : `${actions.join('\n')}\n`,
              );
              const run = await runInProcess([
                'samegame',
                'verify',
                '--board',
                boardFile,
                '--moves',
                movesFile,
                '--protocol',
                protocol,
                '--json',
              ]);
              const lines = run.stdout.trimEnd().split('\n');
              expect(lines).toHaveLength(1);
              const verdict = verdictJsonSchema.parse(JSON.parse(lines[0]));
              expect(run.status).toBe(verdict.end === 'error' ? 1 : 0);
              expect(run.stderr).toBe('');
            }
          }
        },
      ),
      { numRuns: 3 },
    );
  });

  it('should judge standard board 1 played to its end with legal moves as terminal, with exit 0', async () => {
    const actions = randomGame(standard.value[0], new Array(200).fill(0));
    const run = await runInProcess([
      'samegame',
      'verify',
      '--board',
      file('s1.txt', formatBoard(standard.value[0])),
      '--moves',
      file('s1m.txt', actions.join('\n')),
      '--json',
    ]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      moves: actions.length,
      end: 'terminal',
      terminal: true,
      warnings: 0,
    });
  });

  it('should print a readable table with a summary by default', async () => {
    const run = await runInProcess([
      'samegame',
      'verify',
      '--board',
      'datasets/samegame/demo-board.txt',
      '--moves',
      'datasets/samegame/demo-moves.txt',
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\s+#\s+action\s+result/);
    expect(run.stdout).toMatch(/^score\s+\d+/m);
    expect(run.stdout).toMatch(/^end\s+terminal/m);
  });

  it('should exit 1 with the error verdict when a move is illegal', () => {
    const run = runCli([
      'samegame',
      'verify',
      '--board',
      repoPath('datasets/samegame/standard20.txt'),
      '--moves',
      file('bad.txt', '0 0\n'),
    ]);
    // The standard file holds 20 boards: it is not one board, so this is an input error.
    expect(run.status).toBe(2);
    const one = runCli([
      'samegame',
      'verify',
      '--board',
      file('one.txt', formatBoard(standard.value[0])),
      '--moves',
      file('oob.txt', '15 3\n'),
      '--json',
    ]);
    expect(one.status).toBe(1);
    expect(JSON.parse(one.stdout)).toMatchObject({
      end: 'error',
      error: { action: 1, code: 'out-of-bounds', message: 'Selected target out of bounds: x=15, y=3' },
    });
  });

  it.each([
    [['--board', 'missing.txt', '--moves', 'datasets/samegame/demo-moves.txt'], /missing\.txt: does not exist/],
    [['--board', 'datasets', '--moves', 'datasets/samegame/demo-moves.txt'], /datasets: is a directory/],
    [
      ['--board', 'RAGGED', '--moves', 'datasets/samegame/demo-moves.txt'],
      /ragged\.txt line 1: expected 15 values, found 16/,
    ],
    [
      ['--board', 'datasets/samegame/demo-board.txt', '--moves', 'datasets/samegame/demo-moves.txt', '--protocol', 'x'],
      /Argument: protocol, Given: "x"/,
    ],
    [['--board', 'datasets/samegame/demo-board.txt'], /Missing required argument: moves/],
    [
      ['--board', 'datasets/samegame/demo-board.txt', '--moves', 'datasets/samegame/demo-moves.txt', '--frobnicate'],
      /Unknown argument/,
    ],
  ])('should refuse unusable input %j with one line and exit 2', (args, message) => {
    const ragged = file('ragged.txt', `${formatBoard(standard.value[0]).replace(/\n/, ' 3\n')}`);
    const run = runCli(['samegame', 'verify', ...args.map((a) => (a === 'RAGGED' ? ragged : a))]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
