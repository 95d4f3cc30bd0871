/** `tilefall columns <command>`: the Columns command group. */
import { COLUMNS_TUNING_MODULE_URL, columnsTuningGame } from '../columns/tuning.js';
import { columnsBenchCommand } from './columns-bench.js';
import { columnsGenerateCommand } from './columns-generate.js';
import { columnsSolveCommand } from './columns-solve.js';
import { columnsVerifyCommand } from './columns-verify.js';
import type { CliCommand } from './command.js';
import { tuneCommand } from './tune-command.js';

export const columnsCommands: readonly CliCommand[] = [
  columnsVerifyCommand,
  columnsSolveCommand,
  columnsGenerateCommand,
  columnsBenchCommand,
  tuneCommand(columnsTuningGame, COLUMNS_TUNING_MODULE_URL),
];
