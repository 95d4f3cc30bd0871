/** `tilefall samegame <command>`: the SameGame command group. */
import { type CliCommand } from './command.js';
import { benchCommand } from './samegame-bench.js';
import { botCommand } from './samegame-bot.js';
import { solveCommand } from './samegame-solve.js';
import { verifyCommand } from './samegame-verify.js';

export const samegameCommands: readonly CliCommand[] = [verifyCommand, solveCommand, botCommand, benchCommand];
