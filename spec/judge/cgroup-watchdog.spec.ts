// A tilefall that dies without its own last kill (here a bot SIGKILLs its judge) still leaves no
// process of its programs behind where it could make cgroups: the watchdog it started with them
// sees its pipe end and kills what is in them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProgramCgroup } from '../../lib/judge/program-cgroup.js';
import { runCliAsync } from '../support/cli.js';
import { leftBehind, sleepMarker } from '../support/processes.js';
import { repoPath } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-watchdog-');

describe('the program cgroups watchdog', () => {
  it.runIf(ProgramCgroup.available())(
    'should kill what a program started once the program has killed its judge',
    async () => {
      const marker = sleepMarker();
      const bot = join(tmp, 'kill-the-judge.sh');
      writeFileSync(bot, `sleep ${marker} &\nkill -9 $PPID\nsleep 1\n`);
      const run = await runCliAsync([
        'samegame',
        'judge',
        '--bot',
        `sh ${bot}`,
        '--board',
        repoPath('datasets/samegame/demo-board.txt'),
      ]);
      expect(run.status).not.toBe(0);
      expect(await leftBehind(marker, 5000)).toEqual([]);
    },
    30_000,
  );
});
