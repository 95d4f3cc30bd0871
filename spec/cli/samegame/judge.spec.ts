// Real bots as child processes, well behaved (JavaScript and Python) and broken on purpose: each
// gets the referee's verdict at the right turn, and no bot outlives its game.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProgramCgroup } from '../../../lib/judge/program-cgroup.js';
import { judgeActions } from '../../../lib/samegame/engine/referee.js';
import { parseBoard } from '../../../lib/samegame/engine/text.js';
import { runCli } from '../../support/cli.js';
import { leftBehind, sleepMarker } from '../../support/processes.js';
import { readRepoFile, repoPath } from '../../support/repo.js';
import { scratchDirectory } from '../../support/scratch.js';

const tmp = scratchDirectory('tilefall-judge-');
const BOARD = 'datasets/samegame/demo-board.txt';
const board = (() => {
  const parsed = parseBoard(readRepoFile(BOARD));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
})();
let moves: string[] = [];

/** A JavaScript bot: reads each 15-line board, then answers what `answer(turn)` says. */
function jsBot(name: string, answer: string): string {
  const file = join(tmp, `${name}.mjs`);
  writeFileSync(
    file,
    `import { createInterface } from 'node:readline';
const moves = ${JSON.stringify(moves)};
let lines = 0;
let turn = 0;
const rl = createInterface({ input: process.stdin });
rl.on('line', async () => {
  if (++lines % 15 !== 0) return;
  turn++;
  ${answer}
});
`,
  );
  return `node ${file}`;
}

interface GameJson {
  score: number;
  moves: number;
  end: string;
  failedTurn?: number;
  error?: { action: number; code: string };
  timeoutMs?: number;
  crash?: { exitCode: number | null; signal: string | null };
  memoryLimitMb?: number;
  peakMemoryMb: number | null;
  stderr: string[];
  firstTurnMs: number | null;
  slowestTurnMs: number | null;
}

function judge(bot: string, firstTurnMs = 3000): { status: number | null; game: GameJson; stderr: string } {
  const limits = ['--turn-ms', '300', '--first-turn-ms', String(firstTurnMs)];
  const run = runCli(['samegame', 'judge', '--bot', bot, '--board', BOARD, ...limits, '--json']);
  const parsed = JSON.parse(run.stdout || '{"games":[{}]}') as { games: GameJson[] };
  return { status: run.status, game: parsed.games[0], stderr: run.stderr };
}

/** The trivial bot of docs/bots (the first cell with a same-colored neighbor) on the standard boards. */
const judgeFirstPair = (extra: readonly string[]) =>
  runCli([
    'samegame',
    'judge',
    '--bot',
    'node docs/bots/first-pair.mjs',
    '--dataset',
    'datasets/samegame/standard20.txt',
    // Generous: a loaded CI machine must not turn this into a timing test.
    '--turn-ms',
    '2000',
    '--json',
    ...extra,
  ]);

/** True while `pid` runs (a zombie, killed but not yet reaped by its new parent, does not). */
const alive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

beforeAll(() => {
  const solved = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '30000']);
  moves = solved.stdout.trim().split('\n');
});

/** The hostile program of the specs (spec/support/hostile-program.mjs), reading one board, with `args`. */
const hostile = (...args: string[]) =>
  `node ${repoPath('spec/support/hostile-program.mjs')} --read 15 ${args.join(' ')}`;

/** A judge run that must end in seconds: killed (and its status null) after half a minute. */
const judgeRun = (bot: string, ...extra: string[]) =>
  runCli(['samegame', 'judge', '--bot', bot, '--board', BOARD, '--turn-ms', '300', ...extra], { timeoutMs: 30_000 });

describe('tilefall samegame judge against hostile bots', () => {
  // The first pair of the demo board, a legal move: the bot's one answer.
  const FIRST = '0 1';

  it('should judge a bot on the answer it printed before it exited, not wait for a process holding its output, and kill it', async () => {
    const marker = sleepMarker();
    const run = judgeRun(hostile('--answer', `'${FIRST}\\n'`, '--leave', 'holding', marker), '--json');
    expect(run.status, run.stderr).toBe(1);
    const game = (JSON.parse(run.stdout) as { games: GameJson[] }).games[0];
    // Its answer was judged; it had exited when the second board came.
    expect(game).toMatchObject({ end: 'crash', failedTurn: 2, moves: 1, crash: { exitCode: 0 } });
    expect(await leftBehind(marker)).toEqual([]);
  });

  it('should judge a one-turn bot that exits leaving a process holding its output on its answer', async () => {
    const marker = sleepMarker();
    const run = judgeRun(
      hostile('--answer', `'${FIRST}\\n'`, '--leave', 'holding', marker),
      '--protocol',
      'one-turn',
      '--json',
    );
    const expected = judgeActions(board, [FIRST], 'one-turn');
    const game = (JSON.parse(run.stdout) as { games: GameJson[] }).games[0];
    expect(game).toMatchObject({ end: expected.end, score: expected.score, moves: 1 });
    expect(run.status).toBe(0);
    expect(await leftBehind(marker)).toEqual([]);
  });

  it.each([
    ['in a session of its own (setsid)', 'setsid'],
    ['with its own stdio (nohup … >/dev/null 2>&1 &)', 'own-stdio'],
    // Found through /proc otherwise, as long as it keeps its environment (docs/cli.md).
    ...(ProgramCgroup.available()
      ? [['that cleared its environment too (env -i setsid), in its cgroup', 'clean']]
      : []),
  ])('should kill a process the bot left %s', async (_what, how) => {
    const marker = sleepMarker();
    const run = judgeRun(hostile('--answer', `'${FIRST}\\n'`, '--leave', how, marker), '--json');
    const game = (JSON.parse(run.stdout) as { games: GameJson[] }).games[0];
    expect(game).toMatchObject({ moves: 1, failedTurn: 2 });
    expect(await leftBehind(marker)).toEqual([]);
  });

  it("should run the bot without tilefall's Redis password, and with the rest of its environment", () => {
    const log = join(tmp, 'environment.json');
    const run = runCli(
      ['samegame', 'judge', '--bot', hostile('--env-log', log, '--answer', `'${FIRST}\\n'`), '--board', BOARD],
      { env: { TILEFALL_REDIS_PASSWORD: 'judge-secret', TILEFALL_SPEC_VARIABLE: 'kept' }, timeoutMs: 30_000 },
    );
    expect(run.status).toBe(1);
    const seen = JSON.parse(readFileSync(log, 'utf8')) as Record<string, string>;
    expect(seen).not.toHaveProperty('TILEFALL_REDIS_PASSWORD');
    expect(seen.TILEFALL_SPEC_VARIABLE).toBe('kept');
    expect(JSON.stringify(seen)).not.toContain('judge-secret');
  });

  it("should show a crashed bot's stderr with its control characters escaped", () => {
    const run = judgeRun(hostile('--stderr', "'\\u001b[2J\\u001b]0;owned\\u0007boom\\r\\n'"));
    expect(run.stdout).toContain('stderr: \\u001b[2J\\u001b]0;owned\\u0007boom\\r\n');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach the terminal
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });

  it.each([
    ['a program that does not exist', './no-such-bot', 'no such program (not found, or not on the PATH)'],
    ['a file that is not executable', BOARD, 'the program is not executable'],
  ])('should end on %s with one line and exit code 2', (_what, bot, why) => {
    const run = runCli([
      'samegame',
      'judge',
      '--bot',
      bot,
      '--dataset',
      'datasets/samegame/standard20.txt',
      '--jobs',
      '2',
    ]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`tilefall: option --bot: cannot start "${bot}": ${why}\n`);
  });
});

describe('tilefall samegame judge', () => {
  it('should play a well-behaved JavaScript bot to the end with the score verify gives', () => {
    const verdict = judgeActions(board, moves, 'multi-turn');
    const { status, game } = judge(jsBot('good', 'console.log(moves[turn - 1]);'));
    expect(status).toBe(0);
    expect(game).toMatchObject({ end: 'terminal', score: verdict.score, moves: verdict.moves });
    expect(game.firstTurnMs).toBeGreaterThanOrEqual(0);
    // A node process holds some megabytes, far from CodinGame's 768 MB.
    expect(game.peakMemoryMb).toBeGreaterThan(1);
    expect(game.peakMemoryMb).toBeLessThan(768);
  });

  it('should play the trivial bot of docs/bots (the overhead measurement) to the end on every standard board', () => {
    const run = judgeFirstPair([]);
    expect(run.status, run.stderr).toBe(0);
    const { games } = JSON.parse(run.stdout) as { games: GameJson[] };
    expect(games).toHaveLength(20);
    for (const game of games) expect(game).toMatchObject({ end: 'terminal' });
  });

  it('should play a well-behaved Python bot the same way', () => {
    const file = join(tmp, 'good.py');
    writeFileSync(
      file,
      `import sys\nmoves = ${JSON.stringify(moves)}\nturn = 0\nwhile True:\n    rows = [sys.stdin.readline() for _ in range(15)]\n    if not rows[-1]:\n        break\n    print(moves[turn], flush=True)\n    turn += 1\n`,
    );
    const { status, game } = judge(`python3 ${file}`);
    expect(status).toBe(0);
    expect(game).toMatchObject({ end: 'terminal', score: judgeActions(board, moves, 'multi-turn').score });
  });

  it('should end a bot that plays an illegal move with the referee error at that action', () => {
    const bot = jsBot('illegal', "console.log(turn === 3 ? '14 14' : moves[turn - 1]);");
    const expected = judgeActions(board, [moves[0], moves[1], '14 14'], 'multi-turn');
    expect(expected.end).toBe('error');
    const { status, game } = judge(bot);
    expect(status).toBe(1);
    expect(game).toMatchObject({
      end: 'error',
      error: { action: 3, code: expected.error?.code },
      score: expected.score,
    });
  });

  it('should end a bot that sleeps past the limit on turn 3 with a timeout at turn 3', () => {
    const bot = jsBot(
      'slow',
      'if (turn === 3) await new Promise((r) => setTimeout(r, 2000));\n  console.log(moves[turn - 1]);',
    );
    const { status, game } = judge(bot);
    expect(status).toBe(1);
    expect(game).toMatchObject({ end: 'timeout', failedTurn: 3, moves: 2 });
    expect(typeof game.timeoutMs).toBe('number');
  });

  it('should end a bot that exits on turn 2 with a crash, its exit code and its last stderr lines', () => {
    const bot = jsBot(
      'quits',
      "if (turn === 2) { console.error('giving up'); process.exit(3); }\n  console.log(moves[turn - 1]);",
    );
    const { status, game } = judge(bot);
    expect(status).toBe(1);
    expect(game).toMatchObject({ end: 'crash', failedTurn: 2, crash: { exitCode: 3 }, moves: 1 });
    expect(game.stderr).toContain('giving up');
  });

  it('should end a bot that prints garbage with a format error at its action', () => {
    const { status, game } = judge(jsBot('garbage', "console.log('hello there');"));
    expect(status).toBe(1);
    expect(game).toMatchObject({ end: 'error', error: { action: 1, code: 'format' }, score: 0 });
  });

  it("should read a flooding bot's lines one a turn, as the referee does, and judge them", () => {
    const file = join(tmp, 'flood.mjs');
    writeFileSync(file, "const line = '0 0\\n'.repeat(10000);\nfor (;;) process.stdout.write(line);\n");
    const expected = judgeActions(board, new Array(114).fill('0 0'), 'multi-turn');
    const { game } = judge(`node ${file}`);
    expect(game).toMatchObject({ end: expected.end, score: expected.score, moves: expected.moves });
  });

  it('should end a bot that never reads its input with a timeout at turn 1, and kill everything it started', () => {
    const pids = join(tmp, 'pids.txt');
    const file = join(tmp, 'deaf.mjs');
    writeFileSync(
      file,
      `import { spawn } from 'node:child_process';\nimport { writeFileSync } from 'node:fs';\nconst child = spawn('sleep', ['30'], { stdio: 'ignore' });\nwriteFileSync(${JSON.stringify(pids)}, process.pid + ' ' + child.pid);\nsetInterval(() => {}, 1000);\n`,
    );
    const { status, game } = judge(`node ${file}`, 800);
    expect(status).toBe(1);
    expect(game).toMatchObject({ end: 'timeout', failedTurn: 1 });
    const [bot, child] = readFileSync(pids, 'utf8').split(' ').map(Number);
    expect(alive(bot)).toBe(false);
    expect(alive(child)).toBe(false);
  });

  // The bots below stop answering once they hold their memory, and the turns are long: only the
  // memory limit can end these games at that turn.
  const overMemory = (bot: string) =>
    runCli(['samegame', 'judge', '--bot', bot, '--board', BOARD, '--turn-ms', '60000', '--memory-mb', '150']);

  it('should end a bot that allocates past --memory-mb on turn 2 with a memory verdict at turn 2', () => {
    const bot = jsBot(
      'hog',
      'if (turn === 2) { globalThis.kept = Buffer.alloc(300 * 2 ** 20, 1); return; }\n  console.log(moves[turn - 1]);',
    );
    const run = runCli([
      'samegame',
      'judge',
      '--bot',
      bot,
      '--board',
      BOARD,
      '--turn-ms',
      '60000',
      '--memory-mb',
      '150',
      '--json',
    ]);
    expect(run.status).toBe(1);
    const game = (JSON.parse(run.stdout) as { games: GameJson[] }).games[0];
    expect(game).toMatchObject({ end: 'memory', failedTurn: 2, turns: 2, moves: 1, memoryLimitMb: 150 });
    expect(game.peakMemoryMb).toBeGreaterThan(150);
    const table = overMemory(bot);
    expect(table.stdout).toMatch(/ memory .* turn 2: over the memory limit of 150 MB \(peak \d+(\.\d)? MB\)/);
  });

  it('should count the memory of a child the bot forked: its whole process group', () => {
    // The Python bot itself is small; the child it starts (in its group) holds 300 MB.
    const file = join(tmp, 'forks.py');
    writeFileSync(
      file,
      `import subprocess, sys, time\nsys.stdin.readline()\nsubprocess.Popen([sys.executable, '-c', "import time\\nkept = b'x' * (300 << 20)\\ntime.sleep(600)"])\ntime.sleep(600)\n`,
    );
    const run = overMemory(`python3 ${file}`);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/ memory .* turn 1: over the memory limit of 150 MB/);
  });

  it('should play every board twice with --recolor and keep the bot away from its answers in stderr', () => {
    const bot = jsBot('noisy', "console.error('thinking about turn ' + turn);\n  console.log(moves[turn - 1]);");
    const run = runCli(['samegame', 'judge', '--bot', bot, '--board', BOARD, '--recolor', '--json']);
    const report = JSON.parse(run.stdout) as { games: (GameJson & { recolored: boolean })[] };
    expect(report.games.map((g) => g.recolored)).toEqual([false, true]);
    expect(report.games[0]).toMatchObject({ end: 'terminal', score: judgeActions(board, moves, 'multi-turn').score });
    expect(report.games[0].stderr.at(-1)).toMatch(/^thinking about turn \d+$/);
  });

  it('should take boards A..B numbered as in the whole dataset, each recolored as in a run over all of them', () => {
    const judgeBoards = (boards: string, folder: string) =>
      judgeFirstPair(['--boards', boards, '--recolor', '--replays', join(tmp, folder)]);
    const range = judgeBoards('4..5', 'range');
    expect(range.status, range.stderr).toBe(0);
    const games = (JSON.parse(range.stdout) as { games: { board: number; recolored: boolean }[] }).games;
    expect(games.map((g) => [g.board, g.recolored])).toEqual([
      [4, false],
      [4, true],
      [5, false],
      [5, true],
    ]);
    expect(judgeBoards('5', 'first').status).toBe(0);
    const replay = (folder: string, name: string) => readFileSync(join(tmp, folder, name), 'utf8');
    // The permutation really moved colors, and board 4's is the one a run from board 1 gives it.
    expect(replay('range', 'board-04-recolored.html')).not.toBe(replay('range', 'board-04.html'));
    expect(replay('range', 'board-04-recolored.html')).toBe(replay('first', 'board-04-recolored.html'));
    expect(
      runCli([
        'samegame',
        'judge',
        '--bot',
        'node x.js',
        '--dataset',
        'datasets/samegame/standard20.txt',
        '--boards',
        '21..22',
      ]).stderr.trim(),
    ).toBe('tilefall: option --boards: boards 21..22: the dataset has 20 boards');
  });

  it('should refuse a bad command line and a missing board with one line and exit 2', () => {
    const quote = runCli(['samegame', 'judge', '--bot', 'node "unclosed', '--board', BOARD]);
    expect(quote.status).toBe(2);
    expect(quote.stderr.trim()).toBe('tilefall: option --bot: unclosed " quote');
    const both = runCli(['samegame', 'judge', '--bot', 'node x.js']);
    expect(both.status).toBe(2);
    expect(both.stderr.trim()).toBe('tilefall: option --board: give --board FILE or --dataset FILE, one of them');
    const range = runCli(['samegame', 'judge', '--bot', 'node x.js', '--board', BOARD, '--boards', '2..3']);
    expect(range.status).toBe(2);
    expect(range.stderr.trim()).toBe(
      'tilefall: option --boards: --boards chooses boards of a --dataset, not of one --board',
    );
  });
});
