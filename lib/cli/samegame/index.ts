/** `tilefall samegame <command>`: the SameGame command group. */
import { tuningGame } from '../../samegame/search/tuning.js';
import { SAMEGAME_PROGRAM } from '../bot-tune.js';
import type { CliCommand } from '../command.js';
import { tuneCommand } from '../tune-command.js';
import { benchCommand } from './bench.js';
import { botCommand } from './bot.js';
import { compareCommand } from './compare.js';
import { conformSamegameCommand, vectorsSamegameCommand } from './conform.js';
import { generateCommand } from './generate.js';
import { judgeCommand } from './judge.js';
import { perftCommand } from './perft.js';
import { showCommand } from './show.js';
import { solveCommand } from './solve.js';
import { verifyCommand } from './verify.js';

/** The SameGame commands, in `--help` order. */
export const samegameCommands: readonly CliCommand[] = [
  verifyCommand,
  showCommand,
  conformSamegameCommand,
  vectorsSamegameCommand,
  perftCommand,
  solveCommand,
  botCommand,
  judgeCommand,
  benchCommand,
  compareCommand,
  generateCommand,
  tuneCommand(tuningGame, SAMEGAME_PROGRAM),
];
