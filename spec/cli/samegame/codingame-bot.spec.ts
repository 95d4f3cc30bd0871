// The single-file CodinGame build, run as the referee would run it: a child process fed one
// board per turn, every answer checked by the engine, every later answer timed (the times are
// printed; the bounds on them are wide enough for a busy machine).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Board, STANDARD_SHAPE } from '../../../lib/samegame/engine/board.js';
import { boardKey } from '../../../lib/samegame/engine/board-key.js';
import { judgeActions } from '../../../lib/samegame/engine/referee.js';
import { isTerminal } from '../../../lib/samegame/engine/rules.js';
import { formatBoard, parseBoards } from '../../../lib/samegame/engine/text.js';
import { formatStoredLine } from '../../../lib/samegame/node/lines-file.js';
import { lineReader } from '../../../lib/samegame/node/protocol-io.js';
import { solve } from '../../../lib/samegame/search/solver.js';
import { REPO_DIR, readRepoFile } from '../../support/repo.js';

const BUNDLE = `${REPO_DIR}dist/codingame/samegame-bot.js`;
const boards = parseBoards(readRepoFile('datasets/samegame/standard20.txt'), STANDARD_SHAPE);

beforeAll(() => {
  const build = spawnSync('npm', ['run', '--silent', 'build:codingame'], { cwd: REPO_DIR, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:codingame failed: ${build.stderr}`);
}, 60_000);

/** Plays a whole game with the bot program `bundle`, every answer checked by the engine. */
async function playGame(
  bundle: string,
  start: Board,
  env: NodeJS.ProcessEnv,
): Promise<{ turn: number; score: number; replyMs: number[] }> {
  let board = start;
  const child = spawn(process.execPath, [bundle], { env });
  const nextLine = lineReader(child.stdout);
  const replyMs: number[] = [];
  let score = 0;
  let turn = 0;
  while (!isTerminal(board)) {
    const sent = performance.now();
    child.stdin.write(`${formatBoard(board)}\n`);
    const action = await nextLine();
    if (turn++ > 0) replyMs.push(performance.now() - sent);
    expect(action).toBeDefined();
    const verdict = judgeActions(board, [action!], 'multi-turn');
    expect(verdict.error).toBeUndefined();
    expect(verdict.moves).toBe(1);
    score += verdict.score;
    board = verdict.board;
  }
  child.stdin.end();
  child.kill();
  return { turn, score, replyMs };
}

describe('the single-file CodinGame bot', () => {
  it('should be one plain JavaScript file under 100,000 characters with no imports', () => {
    expect(existsSync(BUNDLE)).toBe(true);
    const source = readFileSync(BUNDLE, 'utf8');
    expect(source.length).toBeLessThan(100_000);
    expect(source).not.toMatch(/\brequire\(|\bimport\s*[({'"a-zA-Z]/);
  });

  it('should play a whole multi-turn game legally, from a plan and its later turns', async () => {
    if (!boards.ok) throw new Error(boards.error.message);
    // How long its turns take is measured by `npm run bench:judge` (docs/benchmarks.md), not here.
    const env = { ...process.env, TILEFALL_FIRST_TURN_MS: '1500', TILEFALL_TURN_MS: '20' };
    const { turn, score, replyMs } = await playGame(BUNDLE, boards.value[4], env);
    expect(turn).toBeGreaterThan(20);
    expect(score).toBeGreaterThan(1000);
    const sorted = [...replyMs].sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
    console.info(`later turns (20 ms budget): median ${at(0.5)} ms, slowest ${at(1)} ms (not asserted)`);
  }, 60_000);
});

describe('the single-file CodinGame bot built with --lines', () => {
  it('should embed the lines, stay under 100,000 characters, and play a stored line on a recolored board', async () => {
    if (!boards.ok) throw new Error(boards.error.message);
    const dir = mkdtempSync(join(tmpdir(), 'tilefall-cg-lines-'));
    try {
      const board = boards.value[9];
      const strong = solve(board, { budget: { nodes: 400_000 }, seed: 4 });
      if (!strong.ok) throw new Error(strong.error.message);
      const stored = { board: boardKey(board), score: strong.value.score, moves: strong.value.moves };
      writeFileSync(join(dir, 'lines.jsonl'), formatStoredLine({ ...stored, when: 'then', budget: '400000 nodes' }));
      const out = join(dir, 'bot.js');
      const build = spawnSync(
        'npm',
        ['run', '--silent', 'build:codingame', '--', '--lines', join(dir, 'lines.jsonl'), '--out', out],
        {
          cwd: REPO_DIR,
          encoding: 'utf8',
        },
      );
      expect(build.status, build.stderr).toBe(0);
      expect(build.stdout).toMatch(/1 lines embedded/);
      expect(readFileSync(out, 'utf8').length).toBeLessThan(100_000);
      // The first turn has a later turn's 20 ms only: far too little to find the stored score.
      const env = { ...process.env, TILEFALL_FIRST_TURN_MS: '1', TILEFALL_TURN_MS: '20' };
      const recolored = { ...board, cells: board.cells.map((c) => (c < 0 ? c : (c + 2) % board.colors)) };
      const known = await playGame(out, recolored, env);
      const plain = await playGame(BUNDLE, recolored, env);
      expect(plain.score).toBeLessThan(strong.value.score);
      expect(known.score).toBeGreaterThanOrEqual(strong.value.score);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
