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

/** Line reader over a Node readable stream, one line per call. */
export function lineReader(stream: NodeJS.ReadableStream): () => Promise<string | undefined> {
  let buffer = '';
  let ended = false;
  const waiting: (() => void)[] = [];
  stream.setEncoding?.('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    for (const wake of waiting.splice(0)) wake();
  });
  stream.on('end', () => {
    ended = true;
    for (const wake of waiting.splice(0)) wake();
  });
  return async () => {
    for (;;) {
      const newline = buffer.indexOf('\n');
      if (newline >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        return line;
      }
      if (ended) {
        if (buffer === '') return undefined;
        const last = buffer;
        buffer = '';
        return last;
      }
      await new Promise<void>((wake) => waiting.push(wake));
    }
  };
}
