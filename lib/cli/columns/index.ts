/** `tilefall columns <command>`: the Columns command group. */
import { tuningGame } from '../../columns/search/tuning.js';
import type { CliCommand } from '../command.js';
import { tuneCommand } from '../tune-command.js';
import { columnsBenchCommand } from './bench.js';
import { columnsCompareCommand } from './compare.js';
import { columnsGenerateCommand } from './generate.js';
import { columnsJudgeCommand } from './judge.js';
import { columnsShowCommand } from './show.js';
import { columnsSolveCommand } from './solve.js';
import { columnsVerifyCommand } from './verify.js';

/** The Columns commands, in `--help` order. */
export const columnsCommands: readonly CliCommand[] = [
  columnsVerifyCommand,
  columnsShowCommand,
  columnsSolveCommand,
  columnsGenerateCommand,
  columnsJudgeCommand,
  columnsBenchCommand,
  columnsCompareCommand,
  tuneCommand(tuningGame),
];
