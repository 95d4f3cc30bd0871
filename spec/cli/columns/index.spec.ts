import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runCli } from '../../support/cli.js';
import { scratchDirectory } from '../../support/scratch.js';

const tmp = scratchDirectory('tilefall-columns-');
const SAMPLE = 'datasets/columns/sample.txt';

const verdictSchema = z
  .object({
    score: z.number().int().nonnegative(),
    valid: z.boolean(),
    error: z.string().nullable(),
    played: z.number().int().nonnegative(),
    gameOver: z.boolean(),
    gameOverAt: z.number().int().positive().nullable(),
    field: z.array(z.string().regex(/^[a-z]*$/)),
  })
  .strict();

describe('tilefall columns verify', () => {
  it("should score the statement's quickstart output 141", () => {
    const output = join(tmp, 'quick.txt');
    writeFileSync(output, '11\n1 0\n2 0\n3 0\n3 0\n4 0\n5 0\n6 0\n6 0\n1 0\n2 0\n3 0\n');
    const run = runCli(['columns', 'verify', '--input', SAMPLE, '--output', output, '--json']);
    expect(run.status).toBe(0);
    expect(verdictSchema.parse(JSON.parse(run.stdout))).toMatchObject({
      score: 141,
      valid: true,
      error: null,
      played: 11,
      gameOver: false,
      gameOverAt: null,
    });
  });

  it('should give an invalid output score 0 with the reason, exit 1', () => {
    const output = join(tmp, 'bad.txt');
    writeFileSync(output, '3\n1 0\n7 1\n');
    const run = runCli(['columns', 'verify', '--input', SAMPLE, '--output', output, '--json']);
    expect(run.status).toBe(1);
    const verdict = verdictSchema.parse(JSON.parse(run.stdout));
    expect(verdict).toMatchObject({ score: 0, valid: false });
    expect(verdict.error).toMatch(/bad\.txt line 3: p of placement 2 is 7, expected 1\.\.6/);
  });

  it('should report the column that ended the game', () => {
    const input = join(tmp, 'tall.txt');
    writeFileSync(input, '6 13\n6\nabc\nabc\nabc\nabc\nabc\nabc\n');
    const output = join(tmp, 'stack.txt');
    writeFileSync(output, '0\n');
    // abc, bca... all at column 1: heights 3, 6, 9, 12; the fifth would reach 15 > 13.
    const run = runCli(['columns', 'verify', '--input', input, '--output', output, '--json']);
    const verdict = verdictSchema.parse(JSON.parse(run.stdout));
    expect(verdict).toMatchObject({ valid: true, gameOver: true, gameOverAt: 5, played: 4 });
  });
});

const SUMMARY =
  /^solved in \d+\.\d s: score ([\d,]+) with ([\d,]+) placements?, ([\d,]+) of ([\d,]+) columns? played(?:, game over at column ([\d,]+))?, ([\d,]+) nodes?\n$/;

/** The numbers of the summary line a solve prints on stderr (it must be the only line there). */
function summary(stderr: string) {
  const match = SUMMARY.exec(stderr);
  if (match === null) throw new Error(`no summary line: ${JSON.stringify(stderr)}`);
  const n = (text: string) => Number(text.replaceAll(',', ''));
  return {
    score: n(match[1]),
    placements: n(match[2]),
    played: n(match[3]),
    columns: n(match[4]),
    gameOverAt: match[5] === undefined ? null : n(match[5]),
  };
}

/** What `verify --json` says of an output, with the placements it holds and the input's columns. */
function verified(input: string, output: string, columns: number) {
  const run = runCli(['columns', 'verify', '--input', input, '--output', output, '--json']);
  const verdict = verdictSchema.parse(JSON.parse(run.stdout));
  const placements = Number(readFileSync(output, 'utf8').split('\n')[0]);
  return { score: verdict.score, placements, played: verdict.played, columns, gameOverAt: verdict.gameOverAt };
}

describe('tilefall columns solve', () => {
  it('should tell a person on stderr what the printed output scores, as verify judges it', () => {
    const run = runCli(['columns', 'solve', '--input', SAMPLE, '--nodes', '5000']);
    expect(run.status).toBe(0);
    const output = join(tmp, 'summarized.txt');
    writeFileSync(output, run.stdout);
    expect(summary(run.stderr)).toEqual(verified(SAMPLE, output, 11));
  });

  it('should say when the game ended early, at which column', () => {
    // One stack three high: the first column fills it, the second cannot land.
    const input = join(tmp, 'one-stack.txt');
    writeFileSync(input, '1 3\n3\nabc\nabc\nabc\n');
    const run = runCli(['columns', 'solve', '--input', input, '--nodes', '100']);
    expect(run.status).toBe(0);
    const output = join(tmp, 'one-stack-out.txt');
    writeFileSync(output, run.stdout);
    expect(summary(run.stderr)).toEqual(verified(input, output, 3));
    expect(summary(run.stderr).gameOverAt).toBe(2);
  });

  it('should print no summary with --quiet', () => {
    const run = runCli(['columns', 'solve', '--input', SAMPLE, '--nodes', '1000', '--quiet']);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toBe('');
    expect(run.stderr).toBe('');
  });

  it('should print an output verify accepts, the same for the same node budget', () => {
    const generated = join(tmp, 'gen.txt');
    expect(runCli(['columns', 'generate', '--seed', '77', '--count', '300', '--out', generated]).status).toBe(0);
    const a = runCli(['columns', 'solve', '--input', generated, '--nodes', '40000']);
    const b = runCli(['columns', 'solve', '--input', generated, '--nodes', '40000']);
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const output = join(tmp, 'solved.txt');
    writeFileSync(output, a.stdout);
    const run = runCli(['columns', 'verify', '--input', generated, '--output', output, '--json']);
    expect(run.status).toBe(0);
    expect(verdictSchema.parse(JSON.parse(run.stdout)).valid).toBe(true);
  });

  it('should answer the largest test (k = 10^4, 12 x 19) with a valid output at the default budget', () => {
    const big = join(tmp, 'big.txt');
    runCli(['columns', 'generate', '--seed', '5', '--count', '10000', '--width', '12', '--height', '19', '--out', big]);
    const run = runCli(['columns', 'solve', '--input', big]);
    expect(run.status).toBe(0);
    const output = join(tmp, 'big-out.txt');
    writeFileSync(output, run.stdout);
    expect(
      verdictSchema.parse(
        JSON.parse(runCli(['columns', 'verify', '--input', big, '--output', output, '--json']).stdout),
      ).valid,
    ).toBe(true);
  }, 60_000);
});
