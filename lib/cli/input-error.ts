/**
 * An input the CLI cannot use: printed as one line naming the file, the line and what is wrong,
 * and answered with exit code 2. Commands return these; only the CLI's entry point prints them.
 */
export interface InputError {
  readonly file?: string;
  readonly line?: number;
  readonly message: string;
}

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, verdictError: 1, badInput: 2, internal: 70 } as const;

/** The one line printed for an input error, e.g. `board.txt line 3: expected 15 values, found 14`. */
export function formatInputError({ file, line, message }: InputError): string {
  const where = file === undefined ? '' : line !== undefined && line > 0 ? `${file} line ${line}: ` : `${file}: `;
  return `tilefall: ${where}${message}`;
}

/** Thrown only inside the CLI layer to abort a command with an input error. */
export class InputFailure extends Error {
  constructor(readonly input: InputError) {
    super(formatInputError(input));
  }
}
