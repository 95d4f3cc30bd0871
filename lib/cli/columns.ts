/** `tilefall columns <command>`: the Columns command group. */
import { tuningGame } from '../columns/tuning.js';
import { columnsBenchCommand } from './columns-bench.js';
import { columnsCompareCommand } from './columns-compare.js';
import { columnsGenerateCommand } from './columns-generate.js';
import { columnsJudgeCommand } from './columns-judge.js';
import { columnsShowCommand } from './columns-show.js';
import { columnsSolveCommand } from './columns-solve.js';
import { columnsVerifyCommand } from './columns-verify.js';
import type { CliCommand } from './command.js';
import { tuneCommand } from './tune-command.js';

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
