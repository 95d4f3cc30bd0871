/** `tilefall samegame <command>`: the SameGame command group. */

import { TUNING_MODULE_URL, tuningGame } from '../samegame/tuning.js';
import type { CliCommand } from './command.js';
import { benchCommand } from './samegame-bench.js';
import { botCommand } from './samegame-bot.js';
import { generateCommand } from './samegame-generate.js';
import { solveCommand } from './samegame-solve.js';
import { verifyCommand } from './samegame-verify.js';
import { tuneCommand } from './tune-command.js';

export const samegameCommands: readonly CliCommand[] = [
  verifyCommand,
  solveCommand,
  botCommand,
  benchCommand,
  generateCommand,
  tuneCommand(tuningGame, TUNING_MODULE_URL),
];
