import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playThroughEngine } from '../../lib/judge/engine-games.js';
import {
  COLUMNS_PROTOCOL,
  type ConformanceProtocol,
  SAMEGAME_PROTOCOL,
} from '../../lib/testing/conformance-protocol.js';
import { PYTHON } from '../support/python.js';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';
import { WORKED_ANSWER, WORKED_GAME } from '../testing/fixtures.js';

const SAMEGAME_ENGINE = [PYTHON, join(REPO_DIR, 'docs/conformance/samegame_engine.py')];
const COLUMNS_ENGINE = [PYTHON, join(REPO_DIR, 'docs/conformance/columns_engine.py')];
const SCRIPTED = join(REPO_DIR, 'spec/support/engines/scripted.mjs');

/** The scripted engine printing `output`, with its flags. */
function scripted(output: string, ...flags: string[]): string[] {
  const file = join(scratchDirectory('tilefall-engine-'), 'output.txt');
  writeFileSync(file, output);
  return [process.execPath, SCRIPTED, file, ...flags];
}

describe('playThroughEngine', () => {
  it('should find an independent engine in agreement on every game, counting every step', async () => {
    const agreement = async <G, O>(protocol: ConformanceProtocol<G, O>, options: O, argv: readonly string[]) => {
      const drawn = protocol.games(options);
      if (!drawn.ok) throw new Error(drawn.error.message);
      const games = fc.sample(drawn.value, { seed: 7, numRuns: 60 });
      const steps = games.reduce((n, game) => n + protocol.expected(game).length, 0);
      expect(await playThroughEngine(protocol, games, { argv, timeoutMs: 10_000 })).toEqual({
        kind: 'agree',
        moves: steps,
      });
    };
    await agreement(SAMEGAME_PROTOCOL, {}, SAMEGAME_ENGINE);
    await agreement(COLUMNS_PROTOCOL, {}, COLUMNS_ENGINE);
  });

  it('should read blank lines and extra spaces as nothing', async () => {
    const spaced = `\n0 \n-1  -1 -1\n\n1 1 -1\r\n1000\n-1 -1 -1\n-1 -1 -1   \n\n`;
    expect(
      await playThroughEngine(SAMEGAME_PROTOCOL, [WORKED_GAME], { argv: scripted(spaced), timeoutMs: 10_000 }),
    ).toEqual({
      kind: 'agree',
      moves: 2,
    });
  });

  it('should name the game, step and line where an answer parts, with both answers', async () => {
    const wrong = WORKED_ANSWER.replace('1 1 -1', '1 -1 1');
    const run = await playThroughEngine(SAMEGAME_PROTOCOL, [WORKED_GAME, WORKED_GAME], {
      argv: scripted(WORKED_ANSWER + wrong),
      timeoutMs: 10_000,
    });
    expect(run).toMatchObject({
      kind: 'disagree',
      game: 1,
      moves: 2,
      disagreement: {
        step: 1,
        move: '1 0',
        line: 3,
        expected: ['0', '-1 -1 -1', '1 1 -1'],
        received: ['0', '-1 -1 -1', '1 -1 1'],
      },
    });
  });

  it('should report an engine that ends mid-game with its exit code and its last stderr line', async () => {
    const argv = scripted('0\n-1 -1 -1\n1 1 -1\n', '--exit', '3', '--stderr', 'IndexError: list index out of range');
    const run = await playThroughEngine(SAMEGAME_PROTOCOL, [WORKED_GAME], { argv, timeoutMs: 10_000 });
    expect(run).toMatchObject({
      kind: 'disagree',
      game: 0,
      moves: 1,
      disagreement: { step: 2, line: 1, received: [] },
      ended: { exitCode: 3, signal: null, stderr: ['IndexError: list index out of range'] },
    });
  });

  it('should stop waiting for an engine that stalls, saying what it printed of the step', async () => {
    const run = await playThroughEngine(SAMEGAME_PROTOCOL, [WORKED_GAME], {
      argv: scripted('0\n-1 -1 -1\n1 1 -1\n1000\n', '--stall'),
      timeoutMs: 300,
    });
    expect(run).toMatchObject({ kind: 'stalled', game: 0, step: 2, printed: ['1000'], moves: 1 });
  });

  it('should refuse output after the last answer', async () => {
    const run = await playThroughEngine(SAMEGAME_PROTOCOL, [WORKED_GAME], {
      argv: scripted(`${WORKED_ANSWER}4\n`),
      timeoutMs: 10_000,
    });
    expect(run).toMatchObject({
      kind: 'disagree',
      game: 0,
      moves: 2,
      disagreement: { step: 3, line: 1, expected: [], received: ['4'] },
    });
  });

  it('should refuse an exit with an error after the last answer, showing the board the game ended on', async () => {
    const argv = scripted(WORKED_ANSWER, '--exit', '3');
    const run = await playThroughEngine(SAMEGAME_PROTOCOL, [WORKED_GAME], { argv, timeoutMs: 10_000 });
    expect(run).toMatchObject({
      kind: 'disagree',
      moves: 2,
      disagreement: { step: 3, line: 1, expected: [], received: [], before: ['-1 -1 -1', '-1 -1 -1'] },
      ended: { exitCode: 3 },
    });
  });

  it('should say that a program that does not exist cannot be started', async () => {
    const run = await playThroughEngine(SAMEGAME_PROTOCOL, [WORKED_GAME], {
      argv: ['/no/such/engine'],
      timeoutMs: 10_000,
    });
    expect(run).toEqual({ kind: 'unstartable', message: 'no such program (not found, or not on the PATH)' });
  });
});
