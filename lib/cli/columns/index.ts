/** `tilefall columns <command>`: the Columns command group. */
import { tuningGame } from '../../columns/search/tuning.js';
import { COLUMNS_PROGRAM } from '../bot-tune.js';
import type { CliCommand } from '../command.js';
import { tuneCommand } from '../tune-command.js';
import { benchCommand } from './bench.js';
import { compareCommand } from './compare.js';
import { conformColumnsCommand, vectorsColumnsCommand } from './conform.js';
import { generateCommand } from './generate.js';
import { judgeCommand } from './judge.js';
import { showCommand } from './show.js';
import { solveCommand } from './solve.js';
import { verifyCommand } from './verify.js';

/** The Columns commands, in `--help` order. */
export const columnsCommands: readonly CliCommand[] = [
  verifyCommand,
  showCommand,
  conformColumnsCommand,
  vectorsColumnsCommand,
  solveCommand,
  generateCommand,
  judgeCommand,
  benchCommand,
  compareCommand,
  tuneCommand(tuningGame, COLUMNS_PROGRAM),
];
