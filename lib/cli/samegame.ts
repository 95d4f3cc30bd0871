/** `tilefall samegame <command>`: the SameGame command group. */
import { tuningGame } from '../samegame/tuning.js';
import type { CliCommand } from './command.js';
import { benchCommand } from './samegame-bench.js';
import { botCommand } from './samegame-bot.js';
import { samegameCompareCommand } from './samegame-compare.js';
import { generateCommand } from './samegame-generate.js';
import { judgeCommand } from './samegame-judge.js';
import { showCommand } from './samegame-show.js';
import { solveCommand } from './samegame-solve.js';
import { verifyCommand } from './samegame-verify.js';
import { tuneCommand } from './tune-command.js';

/** The SameGame commands, in `--help` order. */
export const samegameCommands: readonly CliCommand[] = [
  verifyCommand,
  showCommand,
  solveCommand,
  botCommand,
  judgeCommand,
  benchCommand,
  samegameCompareCommand,
  generateCommand,
  tuneCommand(tuningGame),
];
