/**
 * Whether a program's command can start, looked at before any game is played: the program it
 * names exists (a path, or a name on the PATH) and may be executed, and a script it hands an
 * interpreter (`python3 bot.py`) exists. A run of hundreds of games refuses such a mistake at once,
 * in the words `judge` and `conform` use when a game finds it, instead of playing it game by game.
 */
import { accessSync, closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { PARAMS_PLACEHOLDER } from './command-line.js';

/** Why a command cannot start: the word it names (the program, or its script) and the reason. */
export interface StartProblem {
  readonly name: string;
  readonly reason: string;
}

/** The endings of the scripts an interpreter is handed: a word ending so names a file that must exist. */
const SCRIPT = /\.(py|js|mjs|cjs|ts|rb|pl|php|lua|sh|jar|r)$/i;

/** The kind of `path`: a file that may be executed, another file, or nothing (absent or a folder). */
function kindOf(path: string): 'executable' | 'file' | 'none' {
  try {
    if (!statSync(path).isFile()) return 'none';
  } catch {
    return 'none';
  }
  try {
    accessSync(path, constants.X_OK);
    return 'executable';
  } catch {
    return 'file';
  }
}

/** The interpreter an executable script names on its `#!` line, if it has one. */
function interpreterOf(file: string): string | undefined {
  let head: string;
  try {
    const fd = openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(256);
      head = buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  if (!head.startsWith('#!')) return undefined;
  return head.slice(2).split('\n')[0].trim().split(/[ \t]/)[0] || undefined;
}

/**
 * Why the program `word` cannot start, as the PATH `path` finds it, if it cannot: not found, not
 * executable, or a script whose `#!` interpreter is not (the kernel's ENOENT, which names no file).
 */
export function programProblem(word: string, path: string): string | undefined {
  const candidates = word.includes('/')
    ? [word]
    : path.split(delimiter).map((folder) => join(folder === '' ? '.' : folder, word));
  const found = candidates.find((candidate) => kindOf(candidate) === 'executable');
  if (found === undefined) {
    return candidates.some((candidate) => kindOf(candidate) === 'file')
      ? 'the program is not executable'
      : 'no such program (not found, or not on the PATH)';
  }
  const interpreter = interpreterOf(found);
  if (interpreter !== undefined && kindOf(interpreter) !== 'executable')
    return `its interpreter ${interpreter} (on its #! line) is not found or not executable`;
  return undefined;
}

/**
 * Why the command `argv` cannot start, or undefined when it looks as if it can: its program is not
 * found (on `path`, the PATH, for a name without a slash) or not executable, or a later word that
 * names a script (`bot.py`, `main.js`; not an option, not a `{params}` word, not a word with a
 * space, which is a shell's command as `sh -c "… bot.py"` hands it, not a path) is no file. Paths are
 * read from the working folder, as the program would be started.
 */
export function startProblem(argv: readonly string[], path: string = process.env.PATH ?? ''): StartProblem | undefined {
  const program = programProblem(argv[0], path);
  if (program !== undefined) return { name: argv[0], reason: program };
  const script = argv
    .slice(1)
    .find(
      (word) =>
        !word.startsWith('-') &&
        !word.includes(PARAMS_PLACEHOLDER) &&
        !/\s/.test(word) &&
        SCRIPT.test(word) &&
        kindOf(word) === 'none',
    );
  return script === undefined ? undefined : { name: argv.join(' '), reason: `no such script ${script}` };
}
