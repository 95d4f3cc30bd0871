/**
 * The CodinGame protocol over text streams: read 15 board lines per turn, print one action.
 * Shared by `tilefall samegame bot` and the single-file CodinGame build, so it parses boards
 * without the validator (the referee's input is trusted to be well formed).
 */
import { type Board, EMPTY, STANDARD_SHAPE } from '../engine/board.js';
import { type BotOptions, BotSession } from '../search/bot.js';

/** A board from the referee's 15 lines (top row first). */
export function boardFromProtocolLines(lines: readonly string[]): Board {
  const { width, height, colors } = STANDARD_SHAPE;
  const cells = new Array<number>(width * height).fill(EMPTY);
  lines.forEach((line, r) => {
    const values = line.trim().split(/\s+/);
    for (let x = 0; x < width; x++) cells[x * height + (height - 1 - r)] = Number(values[x] ?? EMPTY);
  });
  return { width, height, colors, cells };
}

/** How the input ended: after `turns` answered turns, or in the middle of a board (its last line). */
export interface ProtocolEnd {
  readonly turns: number;
  readonly truncatedAt: number | undefined;
}

/**
 * Plays one game: `nextLine` yields the referee's lines (undefined at the end of input),
 * `write` prints a line. Multi-turn answers every 15 lines; one-turn answers once.
 */
export async function playProtocol(
  protocol: 'multi-turn' | 'one-turn',
  options: BotOptions,
  nextLine: () => Promise<string | undefined>,
  write: (line: string) => void,
  parse: (lines: readonly string[], firstLine: number) => Board = boardFromProtocolLines,
): Promise<ProtocolEnd> {
  let lineNumber = 0;
  let turns = 0;
  // The command line checked every option it passes: a refusal here is a bug of the caller.
  const created = BotSession.create(options);
  if (!created.ok) throw new Error(`bot options: ${created.error.message}`);
  const session = created.value;
  for (; ; turns++) {
    const lines: string[] = [];
    const firstLine = lineNumber + 1;
    while (lines.length < STANDARD_SHAPE.height) {
      const line = await nextLine();
      if (line === undefined) return { turns, truncatedAt: lines.length > 0 ? lineNumber : undefined };
      lineNumber++;
      lines.push(line);
    }
    const board = parse(lines, firstLine);
    if (protocol === 'one-turn') {
      const plan = BotSession.planAll(board, options);
      write(plan.ok ? plan.value.map((m) => `${m.x} ${m.y}`).join(';') : '0 0');
      return { turns: 1, truncatedAt: undefined };
    }
    const move = session.move(board);
    // A board without a legal move is never sent by the referee; answer something well formed.
    write(move === undefined ? '0 0' : `${move.x} ${move.y}`);
  }
}

/**
 * The longest line {@link lineReader} takes: far longer than any line of the protocol, so only a
 * stream that is not the protocol (`/dev/zero`, a binary file) reaches it.
 */
export const MAX_LINE_LENGTH: number = 1024 * 1024;

/** A line longer than the reader takes: its 1-based number and the limit. */
export class LineTooLongError extends Error {
  constructor(
    readonly line: number,
    readonly limit: number,
  ) {
    super(`line ${line} is longer than ${limit} characters`);
  }
}

/**
 * Line reader over a Node readable stream, one line per call. It reads no further ahead than
 * `maxLine` characters (the stream is paused until the lines are taken), so an endless stream
 * costs no more memory than that, and a longer line rejects with a {@link LineTooLongError}.
 */
export function lineReader(
  stream: NodeJS.ReadableStream,
  maxLine: number = MAX_LINE_LENGTH,
): () => Promise<string | undefined> {
  let buffer = '';
  let ended = false;
  let paused = false;
  let taken = 0;
  const waiting: (() => void)[] = [];
  const wakeAll = () => {
    for (const wake of waiting.splice(0)) wake();
  };
  stream.setEncoding?.('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    if (buffer.length > maxLine && !paused) {
      paused = true;
      stream.pause();
    }
    wakeAll();
  });
  stream.on('end', () => {
    ended = true;
    wakeAll();
  });
  return async () => {
    for (;;) {
      const newline = buffer.indexOf('\n');
      if (newline > maxLine || (newline < 0 && buffer.length > maxLine)) throw new LineTooLongError(taken + 1, maxLine);
      if (newline >= 0 || (ended && buffer !== '')) {
        const end = newline >= 0 ? newline : buffer.length;
        const line = buffer.slice(0, end).replace(/\r$/, '');
        buffer = buffer.slice(end + 1);
        taken++;
        if (paused && buffer.length <= maxLine) {
          paused = false;
          stream.resume();
        }
        return line;
      }
      if (ended) return undefined;
      await new Promise<void>((wake) => waiting.push(wake));
    }
  };
}
